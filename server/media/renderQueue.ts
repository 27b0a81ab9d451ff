/** The answer to a render that would wait behind too many others: try again in `retryAfterS`. */
export class QueueFull extends Error {
  constructor(readonly retryAfterS: number) {
    super('too many image renders are waiting');
  }
}

export interface RenderQueueOptions {
  /** Renders at once. */
  concurrency: number;
  /** Renders waiting for a place at most; one more is refused (QueueFull). */
  maxWaiting: number;
  /** What a refusal suggests to wait, in seconds. */
  retryAfterS: number;
}

/** docs/decisions/062: two at a time, sixteen waiting (a waiting render holds no image), a refusal says 5 s. */
export const RENDER_QUEUE_DEFAULTS: RenderQueueOptions = { concurrency: 2, maxWaiting: 16, retryAfterS: 5 };

/**
 * Image renders of one process, `concurrency` at a time and at most `maxWaiting` more in line
 * (docs/decisions/062): a render decodes the whole image, so their number bounds the memory.
 * Callers asking for a name already running or waiting share its result and take no place.
 */
export class RenderQueue<T> {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor(private readonly options: RenderQueueOptions = RENDER_QUEUE_DEFAULTS) {}

  /** The result of `job` for `name`, run once for every caller who asks while it runs; QueueFull when the line is full. */
  run(name: string, job: () => Promise<T>): Promise<T> {
    const shared = this.inFlight.get(name);
    if (shared) return shared;
    if (this.running >= this.options.concurrency && this.waiting.length >= this.options.maxWaiting) {
      return Promise.reject(new QueueFull(this.options.retryAfterS));
    }
    const result = this.place().then(async () => {
      try {
        return await job();
      } finally {
        this.leave();
      }
    });
    this.inFlight.set(name, result);
    const forget = () => {
      this.inFlight.delete(name);
    };
    result.then(forget, forget);
    return result;
  }

  /** Renders running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private place(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A finished render hands its place to the next in line. */
  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
