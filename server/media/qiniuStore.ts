import type { QiniuConfig } from '../config';
import type { UploadToken } from '../../shared/uploads';
import type { MediaStore, UploadGrant } from './mediaStore';
import { isSafeMediaKey } from './mediaStore';
import { qiniuServerToken, qiniuUploadToken, verifyQiniuCallback } from './qiniu';
import { UPLOAD_TOKEN_TTL_MS } from './uploadToken';

/**
 * Media in a Qiniu bucket, served from its domain: every process on every machine sees the
 * same files. The editor uploads straight to Qiniu; the server's own files (booklet covers)
 * go through the same form upload.
 */
export class QiniuMediaStore implements MediaStore {
  readonly origin: string;

  constructor(
    private readonly config: QiniuConfig,
    /** This site's public origin, which Qiniu calls back after an upload. */
    private readonly siteOrigin: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {
    this.origin = config.domain;
  }

  async save(key: string, bytes: Buffer, contentType: string): Promise<string> {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${JSON.stringify(key)}`);
    const form = new FormData();
    form.set('token', qiniuServerToken(this.config, key, Date.now(), UPLOAD_TOKEN_TTL_MS));
    form.set('key', key);
    form.set('file', new Blob([new Uint8Array(bytes)], { type: contentType }), key);
    const response = await this.fetcher(this.config.uploadUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`Qiniu refused the upload of ${key}: ${response.status} ${await response.text()}`);
    return this.urlOf(key);
  }

  urlOf(key: string): string {
    return `${this.origin}/${key}`;
  }

  /** Whether a callback request was signed by Qiniu with this account's key. */
  verifyCallback(request: Parameters<typeof verifyQiniuCallback>[1]): boolean {
    return verifyQiniuCallback(this.config, request);
  }

  uploadTicket(grant: UploadGrant): Promise<UploadToken> {
    const token = qiniuUploadToken(this.config, { ...grant, callbackOrigin: this.siteOrigin }, UPLOAD_TOKEN_TTL_MS);
    return Promise.resolve({ token, upload_url: this.config.uploadUrl, domain: this.origin });
  }
}
