import { createHash, timingSafeEqual } from 'node:crypto';
import { pooledRandomBytes } from '../pooledRandom';

/** A random URL-safe secret (session id, API token, reset token, CSRF token). */
export function newSecret(bytes = 32): string {
  return pooledRandomBytes(bytes).toString('base64url');
}

/** What the database keeps of a secret: its sha256, so a leaked row opens nothing. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
