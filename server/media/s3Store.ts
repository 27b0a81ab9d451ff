import { createHmac } from 'node:crypto';
import type { UploadToken } from '../../shared/uploads';
import type { S3Config } from '../s3Config';
import { isSafeMediaKey, ownUploadTicket, type MediaStore, type UploadGrant } from './mediaStore';
import { S3Bucket } from './s3Bucket';
import type { SigningKey } from './uploadToken';

/**
 * Media in an S3-compatible bucket (docs/decisions/047): every machine sees the same files.
 * Uploads go through this site's /media/upload/ as with media on disk (the same checks and
 * traffic meter), and the site's media host reads and resizes from the bucket. Images are
 * linked at S3_PUBLIC_URL when set (a CDN), else at this site's /media/.
 */
export class S3MediaStore implements MediaStore {
  readonly origin: string;
  private readonly base: string;
  private readonly key: SigningKey;

  constructor(
    readonly bucket: S3Bucket,
    /** This site's public origin. */
    siteOrigin: string,
  ) {
    const publicUrl = bucket.config.publicUrl;
    this.base = publicUrl ?? `${siteOrigin}/media`;
    this.origin = publicUrl ? new URL(publicUrl).origin : siteOrigin;
    // Every machine on the bucket has its secret, so tokens signed by one are taken by all.
    this.key = { accessKey: 'zine', secret: createHmac('sha256', bucket.config.secretAccessKey).update('zine upload tokens').digest('base64url') };
  }

  static of(config: S3Config, siteOrigin: string): S3MediaStore {
    return new S3MediaStore(new S3Bucket(config), siteOrigin);
  }

  async save(key: string, bytes: Buffer, contentType: string): Promise<string> {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${JSON.stringify(key)}`);
    await this.bucket.put(key, bytes, contentType);
    return this.urlOf(key);
  }

  urlOf(key: string): string {
    return `${this.base}/${key}`;
  }

  read(key: string): Promise<Buffer | null> {
    if (!isSafeMediaKey(key)) return Promise.resolve(null);
    return this.bucket.read(key);
  }

  health(): Promise<{ ok: boolean; detail: string }> {
    return this.bucket.health();
  }

  signingKey(): Promise<SigningKey> {
    return Promise.resolve(this.key);
  }

  /** As on disk: our own signed policy, and the form goes to this site's /media/upload/. */
  uploadTicket(grant: UploadGrant, requestOrigin: string): Promise<UploadToken> {
    return Promise.resolve(ownUploadTicket(this.key, grant, requestOrigin, this.origin));
  }
}
