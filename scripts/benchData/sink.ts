/** A cell of a generated row, as both engines store it: integers, texts, nulls. */
export type Cell = string | number | null;

/** Rows of one table, in the column order given when it was opened. */
export interface TableWriter {
  row(cells: readonly Cell[]): void;
}

/**
 * Where generated rows go: a SQLite file, a PostgreSQL database, or both at once (the same rows).
 * The generator calls `flush` every few thousand rows so that a slower engine holds it back
 * instead of buffering without end.
 */
export interface Sink {
  table(name: string, columns: readonly string[]): TableWriter;
  flush(): Promise<void>;
  /** Every row written: tables closed, transactions committed. */
  finish(): Promise<void>;
}

/** The same rows into several sinks. */
export function fanOut(sinks: readonly Sink[]): Sink {
  if (sinks.length === 1 && sinks[0]) return sinks[0];
  return {
    table(name, columns) {
      const writers = sinks.map((s) => s.table(name, columns));
      return {
        row(cells) {
          for (const w of writers) w.row(cells);
        },
      };
    },
    flush: async () => {
      await Promise.all(sinks.map((s) => s.flush()));
    },
    finish: async () => {
      await Promise.all(sinks.map((s) => s.finish()));
    },
  };
}

/** A writer that counts its rows and asks the sink to flush every `every` rows. */
export class Rows {
  count = 0;
  private readonly writer: TableWriter;

  constructor(
    private readonly sink: Sink,
    name: string,
    columns: readonly string[],
    private readonly every = 20_000,
  ) {
    this.writer = sink.table(name, columns);
  }

  /** Adds a row; awaits the sink at each `every` rows. */
  async add(cells: readonly Cell[]): Promise<void> {
    this.writer.row(cells);
    if (++this.count % this.every === 0) await this.sink.flush();
  }
}
