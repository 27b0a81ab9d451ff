import type { QiniuConfig } from '../config';
import { secretsEqual } from '../security/secrets';
import { qiniuSignature, signedPolicy } from './uploadToken';

/** Where Qiniu reports a finished upload; it signs the call (verifyQiniuCallback). */
export const QINIU_CALLBACK_PATH = '/api/attachments/qiniu/callback/';

export interface QiniuUploadGrant {
  userId: number;
  articleId: number;
  maxBytes: number;
  now: number;
  /** The public origin Qiniu calls back. */
  callbackOrigin: string;
}

/**
 * A real Qiniu upload token for the editor's direct upload: the bucket in insert-only
 * mode (no upload replaces a file), images only, no larger than the traffic left, an
 * hour long, with a callback whose body carries the uploader and article fixed in the
 * signed policy, so the callback can count the traffic against the right account.
 */
export function qiniuUploadToken(config: QiniuConfig, grant: QiniuUploadGrant, ttlMs: number): string {
  return signedPolicy(qiniuKey(config), {
    scope: config.bucket,
    deadline: Math.floor((grant.now + ttlMs) / 1000),
    insertOnly: 1,
    fsizeLimit: grant.maxBytes,
    mimeLimit: 'image/jpeg;image/png;image/gif;image/webp',
    endUser: String(grant.userId),
    callbackUrl: `${grant.callbackOrigin}${QINIU_CALLBACK_PATH}`,
    callbackBody: `key=$(key)&hash=$(etag)&fsize=$(fsize)&mimeType=$(mimeType)&user=${grant.userId}&article=${grant.articleId}`,
    callbackBodyType: 'application/x-www-form-urlencoded',
  });
}

/** A token for the server's own form upload of one key (booklet covers), replacing that key if present. */
export function qiniuServerToken(config: QiniuConfig, key: string, now: number, ttlMs: number): string {
  return signedPolicy(qiniuKey(config), { scope: `${config.bucket}:${key}`, deadline: Math.floor((now + ttlMs) / 1000) });
}

/**
 * Whether a callback really comes from Qiniu for our account: `Authorization: QBox <AK>:<sign>`
 * where sign is HMAC-SHA1 (secret key) of the path with its query, a newline and, for a
 * form-encoded body, the body (Qiniu's QBox request signature).
 */
export function verifyQiniuCallback(
  config: Pick<QiniuConfig, 'accessKey' | 'secretKey'>,
  request: { pathWithQuery: string; contentType: string; body: string; authorization: string },
): boolean {
  const match = /^QBox ([^:\s]+):(\S+)$/.exec(request.authorization.trim());
  if (!match || match[1] !== config.accessKey) return false;
  const signsBody = request.contentType.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
  const data = `${request.pathWithQuery}\n${signsBody ? request.body : ''}`;
  return secretsEqual(match[2] ?? '', qiniuSignature(config.secretKey, data));
}

function qiniuKey(config: QiniuConfig) {
  return { accessKey: config.accessKey, secret: config.secretKey };
}
