import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { secretsEqual } from '../security/secrets';

/** How long an upload token is good for. */
export const UPLOAD_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Who may upload what, signed into the embedded backend's upload token: the account, the
 * article the images belong to, the deadline (Unix seconds, as Qiniu's) and the most
 * bytes one file may have (the month's remaining traffic, capped per file).
 */
export interface UploadPolicy {
  scope: string;
  deadline: number;
  fsizeLimit: number;
  mimeLimit: string;
  endUser: string;
  articleId: number;
}

const policySchema = z.object({
  scope: z.string(),
  deadline: z.number().int().positive(),
  fsizeLimit: z.number().int().nonnegative(),
  mimeLimit: z.string(),
  endUser: z.string().regex(/^\d+$/),
  articleId: z.number().int().positive(),
});

/** A signing identity: Qiniu's access key and secret key, or the embedded backend's own. */
export interface SigningKey {
  accessKey: string;
  secret: string | Buffer;
}

/** The shape of a Qiniu upload token, `<access key>:<signature>:<policy>`, around our own policy. */
export function signUploadToken(key: SigningKey, policy: UploadPolicy): string {
  return signedPolicy(key, policy);
}

/** The policy of a token this key signed, or why it is refused: not ours (or altered), or past its deadline. */
export function verifyUploadToken(key: SigningKey, token: string, now: number): UploadPolicy | 'invalid' | 'expired' {
  const parts = token.split(':');
  if (parts.length !== 3) return 'invalid';
  const [accessKey = '', signature = '', encoded = ''] = parts;
  if (accessKey !== key.accessKey || !secretsEqual(signature, qiniuSignature(key.secret, encoded))) return 'invalid';
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return 'invalid';
  }
  const policy = policySchema.safeParse(parsed);
  if (!policy.success) return 'invalid';
  return policy.data.deadline * 1000 <= now ? 'expired' : policy.data;
}

/** Qiniu's token algorithm: URL-safe base64 of the JSON policy, signed with HMAC-SHA1. */
export function signedPolicy(key: SigningKey, policy: object): string {
  const encoded = urlSafeBase64(JSON.stringify(policy));
  return `${key.accessKey}:${qiniuSignature(key.secret, encoded)}:${encoded}`;
}

/** HMAC-SHA1 of `data`, in Qiniu's URL-safe base64 (with its padding). */
export function qiniuSignature(secret: string | Buffer, data: string): string {
  return urlSafeBase64(createHmac('sha1', secret).update(data).digest());
}

/** Base64 with '-' and '_' for '+' and '/', padding kept, as Qiniu writes it. */
export function urlSafeBase64(data: string | Buffer): string {
  return Buffer.from(data).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}
