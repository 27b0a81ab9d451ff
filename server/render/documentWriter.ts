import { Writable } from 'node:stream';
import type { Response } from 'express';

/**
 * The destination React pipes into. React writes a page in 4 kB pieces and calls `flush()`
 * after each batch; this gathers a batch into one write to the response (through gzip: one
 * compression call instead of one a piece), flushes gzip so a streamed part is not held back,
 * and when the render ends at once, sends the head, the page and its closing tags in one
 * `end()`.
 */
export class DocumentWriter extends Writable {
  private pending: Buffer[];

  constructor(
    private readonly res: Response,
    head: string,
    private readonly tail: string,
  ) {
    super();
    this.pending = [Buffer.from(head)];
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending.push(chunk);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.pending.push(Buffer.from(this.tail));
    if (this.res.destroyed) this.pending = [];
    else this.res.end(this.take());
    callback();
  }

  /** After React's batch: sent once the current turn is over, unless the document ended in it (`_final` sends all). */
  flush(): void {
    queueMicrotask(() => {
      if (this.pending.length === 0 || this.res.writableEnded || this.res.destroyed) return;
      this.res.write(this.take());
      (this.res as Response & { flush?: () => void }).flush?.();
    });
  }

  private take(): Buffer {
    const batch = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending);
    this.pending = [];
    return batch;
  }
}
