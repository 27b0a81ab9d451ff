import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded images (article images, booklet covers) are kept and served from. */
export interface MediaStore {
  /** Stores the bytes under `key` (see isSafeMediaKey) and answers the public URL. */
  save(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The public URL of a stored key. */
  urlOf(key: string): string;
  /** The origin images are served from (CSP img-src, the client's resize rule). */
  readonly origin: string;
}

/** The image types the media host takes, by extension. */
export const MEDIA_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.webp'] as const;
export type MediaExtension = (typeof MEDIA_EXTENSIONS)[number];

const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]{0,63}\/)?[a-z0-9][a-z0-9_-]{0,127}\.(?:jpg|jpeg|png|gif|webp)$/i;

/** A key is an optional folder and a file name of letters, digits, '_' and '-', with an image extension: no path tricks. */
export function isSafeMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A fresh key for an upload: random hex, the `_hd` mark and the extension, under an optional folder. */
export function newMediaKey(extension: MediaExtension, folder?: string): string {
  const name = `${randomBytes(16).toString('hex')}_hd${extension}`;
  return folder ? `${folder}/${name}` : name;
}

/** The media kept on this machine, under DATA_DIR/media, served by the media host at `${origin}/media/`. */
export class LocalMediaStore implements MediaStore {
  constructor(
    readonly dir: string,
    readonly origin: string,
  ) {}

  async save(key: string, bytes: Buffer, _contentType: string): Promise<string> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write beside, then rename: a reader never sees half a file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, file);
    return this.urlOf(key);
  }

  urlOf(key: string): string {
    return `${this.origin}/media/${key}`;
  }

  /** The file of a key, or an error for a key that is not safe. */
  fileOf(key: string): string {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${JSON.stringify(key)}`);
    return path.join(this.dir, key);
  }
}
