import { Writable } from 'node:stream';
import type { Response } from 'express';

/**
 * The destination React pipes into: forwards to the response with backpressure,
 * passes `flush()` on to gzip so the shell is not held back, and ends the document
 * with its closing tags.
 */
export class DocumentWriter extends Writable {
  constructor(
    private readonly res: Response,
    private readonly tail: string,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.res.write(chunk)) {
      callback();
      return;
    }
    const resume = () => {
      this.res.off('drain', resume);
      this.res.off('close', resume);
      callback();
    };
    this.res.on('drain', resume);
    this.res.on('close', resume);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.res.end(this.tail);
    callback();
  }

  flush(): void {
    (this.res as Response & { flush?: () => void }).flush?.();
  }
}
