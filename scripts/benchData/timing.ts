/** Named phases and how long each took, printed as they end. */
export class Phases {
  readonly done: { name: string; seconds: number }[] = [];

  constructor(private readonly log: (line: string) => void) {}

  async run<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    this.log(`${name}…`);
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    this.done.push({ name, seconds });
    this.log(`${name}: ${seconds.toFixed(1)} s`);
    return result;
  }

  seconds(name: string): number | undefined {
    return this.done.find((p) => p.name === name)?.seconds;
  }
}

/** Milliseconds since a start, from the high-resolution clock. */
export function since(started: number): number {
  return performance.now() - started;
}
