import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../s3Config';

/** One stored object, as a stream for sending on. */
export interface BucketObject {
  body: Readable;
  size: number | undefined;
  contentType: string | undefined;
  etag: string | undefined;
}

/**
 * The few calls the site makes to an S3-compatible bucket. The SDK is loaded with the first
 * call (docs/decisions/033): a server without S3 settings never loads it. Errors name the
 * bucket, the key and, for a refusal, the settings to check.
 */
export class S3Bucket {
  private client: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;

  constructor(readonly config: S3Config) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { client, sdk } = await this.sdk();
    await this.call('PutObject', key, () =>
      client.send(new sdk.PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length })),
    );
  }

  /** The object, or null when there is none. */
  async get(key: string): Promise<BucketObject | null> {
    const { client, sdk } = await this.sdk();
    const answer = await this.call('GetObject', key, () => client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key })), true);
    if (!answer) return null;
    const body = answer.Body;
    if (!(body instanceof Readable)) throw new Error(`S3 GetObject ${this.config.bucket}/${key}: no readable body`);
    return { body, size: answer.ContentLength, contentType: answer.ContentType, etag: answer.ETag };
  }

  /** The object's bytes, or null when there is none. */
  async read(key: string): Promise<Buffer | null> {
    const object = await this.get(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks);
  }

  async exists(key: string): Promise<boolean> {
    const { client, sdk } = await this.sdk();
    const answer = await this.call('HeadObject', key, () => client.send(new sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: key })), true);
    return answer !== null;
  }

  async remove(key: string): Promise<void> {
    const { client, sdk } = await this.sdk();
    await this.call('DeleteObject', key, () => client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key })), true);
  }

  /** Whether the bucket is there and these keys may use it (HeadBucket). */
  async health(): Promise<{ ok: boolean; detail: string }> {
    try {
      const { client, sdk } = await this.sdk();
      await this.call('HeadBucket', '', () => client.send(new sdk.HeadBucketCommand({ Bucket: this.config.bucket })));
      return { ok: true, detail: `bucket ${this.config.bucket} reachable` };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  private async call<T>(operation: string, key: string, send: () => Promise<T>, missingIsNull = false): Promise<T | null> {
    try {
      return await send();
    } catch (error) {
      const status = statusOf(error);
      if (missingIsNull && status === 404) return null;
      const name = error instanceof Error ? error.name : 'Error';
      const message = error instanceof Error ? error.message : String(error);
      const hint = status === 403 ? ' (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that they may use the bucket)' : '';
      throw new Error(`S3 ${operation} ${this.config.bucket}/${key} failed: ${status ?? 'no answer'} ${name}: ${message}${hint}`, { cause: error });
    }
  }

  private sdk(): Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.config.region,
        ...(this.config.endpoint ? { endpoint: this.config.endpoint } : {}),
        forcePathStyle: this.config.forcePathStyle,
        credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
        // Checksums only where S3 asks for them: many S3-compatible stores do not take the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.client;
  }
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata: unknown = error.$metadata;
  if (typeof metadata !== 'object' || metadata === null || !('httpStatusCode' in metadata)) return undefined;
  return typeof metadata.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
}
