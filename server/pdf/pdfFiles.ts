import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A finished PDF to send: a file on this machine, or a stream from the bucket. */
export type PdfDownload = { path: string } | { stream: Readable; size: number | undefined };

/** Where finished PDF exports are kept (docs/decisions/020, 047). Names are the exporter's own, without folders. */
export interface PdfFiles {
  save(name: string, bytes: Buffer): Promise<void>;
  exists(name: string): Promise<boolean>;
  remove(name: string): Promise<void>;
  /** The file to send, or null when it is gone. */
  download(name: string): Promise<PdfDownload | null>;
}

/** DATA_DIR/pdfs on this machine. */
export class LocalPdfFiles implements PdfFiles {
  constructor(readonly dir: string) {}

  pathOf(name: string): string {
    return path.join(this.dir, path.basename(name));
  }

  async save(name: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, file);
  }

  async exists(name: string): Promise<boolean> {
    if (!name) return false;
    return fs.access(this.pathOf(name)).then(
      () => true,
      () => false,
    );
  }

  async remove(name: string): Promise<void> {
    await fs.rm(this.pathOf(name), { force: true });
  }

  download(name: string): Promise<PdfDownload | null> {
    return Promise.resolve(name ? { path: this.pathOf(name) } : null);
  }
}
