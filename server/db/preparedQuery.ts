import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema';

/** Stands for the i-th value while a query is built; each run puts the real values in its places. */
class Slot {
  constructor(readonly index: number) {}
}

interface Template<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the compiled query: the value's index, or the constant written into the query. */
  parameters: ReadonlyArray<Slot | { constant: unknown }>;
}

/**
 * A query built and compiled once per database, then run with new values. Kysely builds and
 * compiles every query anew, which was about a tenth of a signed-in page's CPU, for
 * the dozen queries every page runs. `build` gets stand-ins for the values, which must reach
 * the query unchanged as single parameters (`=`, `<`, `is`; not a list for `in`, not inside SQL
 * functions of ours).
 */
export function preparedQuery<Args extends readonly unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): { all: (db: Kysely<DB>, ...args: Args) => Promise<Row[]>; first: (db: Kysely<DB>, ...args: Args) => Promise<Row | undefined> } {
  const templates = new WeakMap<Kysely<DB>, Template<Row>>();
  const templateFor = (db: Kysely<DB>): Template<Row> => {
    let template = templates.get(db);
    if (!template) {
      const slots = Array.from({ length: arity }, (_, index) => new Slot(index)) as unknown as Args;
      const query = build(db, ...slots).compile();
      const parameters = query.parameters.map((value) => (value instanceof Slot ? value : { constant: value }));
      const used = new Set(parameters.filter((p): p is Slot => p instanceof Slot).map((slot) => slot.index));
      if (used.size !== arity) throw new Error(`a prepared query used ${used.size} of its ${arity} values as parameters: ${query.sql}`);
      template = { query, parameters };
      templates.set(db, template);
    }
    return template;
  };
  const all = async (db: Kysely<DB>, ...args: Args): Promise<Row[]> => {
    const template = templateFor(db);
    const parameters = template.parameters.map((p) => (p instanceof Slot ? args[p.index] : p.constant));
    const result = await db.executeQuery<Row>({ ...template.query, parameters });
    return result.rows;
  };
  return { all, first: async (db, ...args) => (await all(db, ...args))[0] };
}
