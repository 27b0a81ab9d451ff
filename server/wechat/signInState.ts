import { createHmac, randomBytes } from 'node:crypto';
import { secretsEqual } from '../security/secrets';

export type WechatAppKind = 'web' | 'mp';

/** How long a sign-in may take between our redirect and WeChat's callback. */
export const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * The OAuth `state` of a WeChat sign-in (docs/decisions/017). WeChat takes at most 128
 * characters of [a-zA-Z0-9], so the state is `app letter + expiry (hex seconds) + nonce +
 * HMAC`; the `next` path and the nonce travel in an httpOnly cookie, and the HMAC covers
 * all four, so neither can be changed, and the state is worth nothing in another browser.
 */
export interface IssuedState {
  state: string;
  /** The cookie's value: the nonce, then the next path. */
  cookie: string;
}

/**
 * A payment sign-in (`/accounts/login/wechat_payment/`) is the official account's, and comes back
 * to `next` with the payer's open id (docs/decisions/037): its state starts with `p`, not `m`.
 */
export interface VerifiedState {
  app: WechatAppKind;
  next: string;
  payment?: true;
}

export function issueState(key: Buffer, app: WechatAppKind, next: string, now: number, purpose: 'sign-in' | 'payment' = 'sign-in'): IssuedState {
  const nonce = randomBytes(16).toString('hex');
  const expires = Math.floor((now + STATE_TTL_MS) / 1000)
    .toString(16)
    .padStart(10, '0');
  if (purpose === 'payment' && app !== 'mp') throw new Error('a payment sign-in is the official account’s');
  const head = `${purpose === 'payment' ? 'p' : app === 'web' ? 'w' : 'm'}${expires}${nonce}`;
  return { state: head + sign(key, head, next), cookie: `${nonce}.${next}` };
}

/** The app and next (and whether it pays) of a state that matches this browser's cookie and has not expired; null otherwise. */
export function verifyState(key: Buffer, state: string, cookie: string | undefined, now: number): VerifiedState | null {
  const match = /^([wmp])([0-9a-f]{10})([0-9a-f]{32})([0-9a-f]{64})$/.exec(state);
  if (!match || !cookie) return null;
  const [, letter = '', expires = '', nonce = '', signature = ''] = match;
  const dot = cookie.indexOf('.');
  if (dot < 0 || !secretsEqual(cookie.slice(0, dot), nonce)) return null;
  const next = cookie.slice(dot + 1);
  if (!secretsEqual(sign(key, `${letter}${expires}${nonce}`, next), signature)) return null;
  if (parseInt(expires, 16) * 1000 <= now) return null;
  return letter === 'p' ? { app: 'mp', next, payment: true } : { app: letter === 'w' ? 'web' : 'mp', next };
}

/** The HMAC key: derived from the app secrets, so every process of one site agrees without another setting. */
export function stateKey(secrets: string[]): Buffer {
  return createHmac('sha256', 'zine wechat sign-in state').update(secrets.join('\n')).digest();
}

function sign(key: Buffer, head: string, next: string): string {
  return createHmac('sha256', key).update(`${head}\n${next}`).digest('hex');
}
