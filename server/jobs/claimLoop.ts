import type { Logger } from '../logger';

export interface ClaimLoopOptions<Claim> {
  /** Claims the next work from the shared queue, or null when none is due. */
  claim: () => Promise<Claim | null>;
  /** Does one claim's work. */
  work: (claim: Claim) => Promise<void>;
  /** When a round ends with nothing left to claim. */
  onEmpty?: () => void;
  logger: Logger;
  /** The log lines of a failed claim and of work that could not be recorded. */
  claimFailed: string;
  workFailed: string;
  /** What a failed work's log line says of its claim. */
  describe?: (claim: Claim) => Record<string, unknown>;
}

/**
 * A process's turn at a queue shared by every process on the database (the PDF exports, the
 * newsletter's mails): woken when this process queues work and every poll, it claims and works
 * until nothing is due, one claim at a time. A wake during a claim may be for work that claim did
 * not see yet: then it looks again.
 */
export class ClaimLoop<Claim> {
  private running = false;
  private wokenWhileRunning = false;
  private idleWaiters: Array<() => void> = [];
  private pollTimer: NodeJS.Timeout | null = null;
  private stoppedFlag = false;

  constructor(private readonly options: ClaimLoopOptions<Claim>) {}

  /** True once stop() was called: work in flight may hand back what it has not begun. */
  get stopped(): boolean {
    return this.stoppedFlag;
  }

  /** Wakes every `pollMs` (unref'd) until stopped. */
  poll(pollMs: number): void {
    if (this.stoppedFlag || this.pollTimer) return;
    this.pollTimer = setInterval(() => this.wake(), pollMs);
    this.pollTimer.unref();
  }

  /** Looks for due work now. */
  wake(): void {
    if (this.stoppedFlag) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    this.running = true;
    void this.drain();
  }

  /** Resolves when this process has nothing left to claim (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops claiming and polling; resolves when the work in flight is done. */
  stop(): Promise<void> {
    this.stoppedFlag = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    return this.idle();
  }

  private async drain(): Promise<void> {
    try {
      await this.claimUntilEmpty();
    } catch (error) {
      this.options.logger.error({ err: error }, this.options.workFailed);
    } finally {
      // Whatever happened, this process can be woken again and its waiters hear that it is idle.
      this.running = false;
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private async claimUntilEmpty(): Promise<void> {
    const { logger } = this.options;
    while (!this.stoppedFlag) {
      this.wokenWhileRunning = false;
      let claim: Claim | null;
      try {
        claim = await this.options.claim();
      } catch (error) {
        logger.error({ err: error }, this.options.claimFailed);
        return;
      }
      if (claim === null) {
        if (this.wokenWhileRunning) continue;
        this.options.onEmpty?.();
        return;
      }
      try {
        await this.options.work(claim);
      } catch (error) {
        logger.error({ err: error, ...this.options.describe?.(claim) }, this.options.workFailed);
      }
    }
  }
}
