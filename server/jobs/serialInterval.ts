import type { Logger } from '../logger';

/**
 * Work run every interval until stopped (unref'd: it never keeps the process up). Runs never
 * overlap, a failed run is logged as `failure`, and `stop()` waits for the one in progress
 * (graceful shutdown).
 */
export class SerialInterval {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly logger: Logger,
    private readonly failure: string,
  ) {}

  /** Whether it runs every interval now (started and not stopped). */
  get started(): boolean {
    return this.timer !== undefined;
  }

  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running = this.running.then(this.work).catch((error: unknown) => this.logger.error({ err: error }, this.failure));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
