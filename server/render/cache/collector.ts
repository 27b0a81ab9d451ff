import { Writable } from 'node:stream';

/** The destination of a render the cache keeps: the whole document as one string, then `done`. */
export class DocumentCollector extends Writable {
  private readonly chunks: Buffer[] = [];

  constructor(
    private readonly head: string,
    private readonly tail: string,
    private readonly done: (html: string) => void,
  ) {
    super();
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.done(this.head + Buffer.concat(this.chunks).toString('utf8') + this.tail);
    callback();
  }
}
