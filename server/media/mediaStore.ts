import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { UploadToken } from '../../shared/uploads';
import { readOrCreateSecret } from '../dataDirSecret';
import { signUploadToken, UPLOAD_TOKEN_TTL_MS, type SigningKey } from './uploadToken';

/** Where uploaded images (article images, booklet covers) are kept and served from. */
export interface MediaStore {
  /** Stores the bytes under `key` (see isSafeMediaKey) and answers the public URL. */
  save(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The public URL of a stored key. */
  urlOf(key: string): string;
  /** The origin images are served from (CSP img-src, the client's resize rule). */
  readonly origin: string;
  /** What the editor needs to upload one article's images straight to the storage. */
  uploadTicket(grant: UploadGrant, requestOrigin: string): Promise<UploadToken>;
  /** The stored bytes of a key, or null when there is none (stores the site serves from itself). */
  read?(key: string): Promise<Buffer | null>;
  /** Whether the storage can be used now, for a health check. */
  health?(): Promise<{ ok: boolean; detail: string }>;
}

/** Who may upload for which article, and how many bytes one file may have. */
export interface UploadGrant {
  userId: number;
  articleId: number;
  maxBytes: number;
  now: number;
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

/** An upload ticket of this site's own: a signed policy, and the form goes to its /media/upload/ (the disk and S3 stores). */
export function ownUploadTicket(key: SigningKey, grant: UploadGrant, requestOrigin: string, mediaOrigin: string): UploadToken {
  const token = signUploadToken(key, {
    scope: 'media',
    deadline: Math.floor((grant.now + UPLOAD_TOKEN_TTL_MS) / 1000),
    fsizeLimit: grant.maxBytes,
    mimeLimit: 'image/*',
    endUser: String(grant.userId),
    articleId: grant.articleId,
  });
  return { token, upload_url: `${requestOrigin}/media/upload/`, domain: mediaOrigin };
}

/** The media kept on this machine, under DATA_DIR/media, served by the media host at `${origin}/media/`. */
export class LocalMediaStore implements MediaStore {
  private key: Promise<SigningKey> | null = null;

  constructor(
    readonly dir: string,
    readonly origin: string,
  ) {}

  /** The token is our own signed policy; the form goes to this site's /media/upload/. */
  async uploadTicket(grant: UploadGrant, requestOrigin: string): Promise<UploadToken> {
    return ownUploadTicket(await this.signingKey(), grant, requestOrigin, this.origin);
  }

  /**
   * The key upload tokens are signed with: a random secret kept beside the media, so every
   * process serving this folder agrees, created by whichever comes first.
   */
  signingKey(): Promise<SigningKey> {
    this.key ??= readOrCreateSecret(path.join(this.dir, '.upload-key')).then((secret) => ({ accessKey: 'zine', secret }));
    return this.key;
  }

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

  async read(key: string): Promise<Buffer | null> {
    return fs.readFile(this.fileOf(key)).catch((error: unknown) => {
      if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'EISDIR')) return null;
      throw error;
    });
  }

  /** The folder can be written: a probe file is made and removed. */
  async health(): Promise<{ ok: boolean; detail: string }> {
    const probe = path.join(this.dir, `.health-${randomBytes(6).toString('hex')}`);
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await fs.writeFile(probe, '');
      await fs.rm(probe, { force: true });
      return { ok: true, detail: `${this.dir} writable` };
    } catch (error) {
      return { ok: false, detail: `${this.dir} not writable: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  /** The file of a key, or an error for a key that is not safe. */
  fileOf(key: string): string {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${JSON.stringify(key)}`);
    return path.join(this.dir, key);
  }
}
