import { createHash } from 'node:crypto';
import { Router, type Request } from 'express';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { z } from 'zod';
import type { PasswordResetConfirmRequest, PasswordResetRequest, SignInRequest } from '../../../shared/accounts';
import { isValidEmail } from '../../../shared/email';
import type { AccountInfo, DetailMessage } from '../../../shared/entities';
import { clearSessionCookie, issueCsrfCookie, setSessionCookie } from '../cookies';
import { ApiError } from '../errors';
import { rateLimitKey } from '../caller';
import { throttle, type RateLimitStores } from '../throttle';
import { accountInfo, confirmPasswordReset, requestPasswordReset, signIn, signOut, type ResetDeps } from '../../accounts/accounts';
import { sameOriginGet } from '../csrf';
import type { PageRead } from '../pageReads';
import { requestSchema } from '../requestSchema';

export interface AccountsRouteDeps extends ResetDeps {
  secure: boolean;
  /** Attempts per window and client address. */
  limits: { signIn: number; reset: number };
  /** Where the limiters count (the database, shared by every process); memory when absent. */
  rateLimits?: RateLimitStores;
}

const signInBody = requestSchema<SignInRequest>()(
  z.object({
    email: z.string().trim().min(1).max(254),
    password: z.string().min(1).max(1024),
  }),
);
// Django's answer to a malformed address; a well-formed unknown one reads as a known one.
const resetBody = requestSchema<PasswordResetRequest>()(
  z.object({ email: z.string().trim().min(1).max(254).refine(isValidEmail, 'Enter a valid email address.') }),
);
const confirmBody = requestSchema<PasswordResetConfirmRequest>()(z.object({ token: z.string().min(1).max(200), new_password: z.string().max(1024) }));

/** `GET /api/accounts/info/`: who is reading, or `{}` when nobody is signed in. */
export function accountInfoRead(deps: { db: Kysely<DB>; now: () => number }): PageRead<AccountInfo> {
  return {
    path: '/accounts/info/',
    cacheControl: 'private, no-store',
    read: async ({ user }) => (user ? accountInfo(deps.db, user, deps.now()) : {}),
  };
}

/** The accounts API of docs/specification/shell.md §7 with DRF conventions (`info/` is a page read, above). */
export function accountsRoutes(deps: AccountsRouteDeps): Router {
  const router = Router();
  // Failed sign-ins only, counted per address and per account: a guesser is stopped wherever they
  // come from, a reader who signs in often is not.
  const signInLimit = throttle(deps.limits.signIn, 15 * 60_000, { store: deps.rateLimits?.('sign-in'), onlyFailures: true });
  const accountSignInLimit = throttle(deps.limits.signIn, 15 * 60_000, {
    store: deps.rateLimits?.('sign-in-account'),
    onlyFailures: true,
    key: signInAccountKey,
  });
  const resetLimit = throttle(deps.limits.reset, 60 * 60_000, { store: deps.rateLimits?.('password-reset') });
  const confirmLimit = throttle(deps.limits.reset, 60 * 60_000, { store: deps.rateLimits?.('password-reset-confirm') });

  router.post('/login/cookies/', signInLimit, accountSignInLimit, async (req, res) => {
    const body = signInBody.parse(req.body);
    const signedIn = await signIn(deps, body.email, body.password);
    if (signedIn === 'wrong_credentials') throw ApiError.detail(401, 'Account/Password not correct');
    const { user, sessionToken } = signedIn;
    await signOut(deps, req.auth?.sessionHash ?? null);
    setSessionCookie(res, sessionToken, deps.secure);
    issueCsrfCookie(res, deps.secure);
    res.json(await accountInfo(deps.db, user, deps.now()));
  });

  // The contract keeps sign-out a GET; only our own pages may call it (a cross-site link would sign the reader out).
  router.get('/logout/cookies/', sameOriginGet(), async (req, res) => {
    await signOut(deps, req.auth?.sessionHash ?? null);
    clearSessionCookie(res, deps.secure);
    res.json({ detail: 'Successfully logged out.' } satisfies DetailMessage);
  });

  router.post('/reset_password/', resetLimit, async (req, res) => {
    const body = resetBody.parse(req.body);
    await requestPasswordReset(deps, body.email);
    res.json({ detail: 'Password reset e-mail has been sent.' } satisfies DetailMessage);
  });

  router.post('/reset_password/confirm/', confirmLimit, async (req, res) => {
    const body = confirmBody.parse(req.body);
    await confirmPasswordReset(deps, body.token, body.new_password);
    res.json({ detail: 'Password has been reset with the new password.' } satisfies DetailMessage);
  });

  return router;
}

/**
 * The account a sign-in is for, as its address reads without case or spaces, hashed: a key of one
 * length whatever is sent (the rate-limit table's keys are short), and no address kept in it; the
 * caller's address when the body names none.
 */
function signInAccountKey(req: Request): string {
  const email: unknown = typeof req.body === 'object' && req.body !== null ? Reflect.get(req.body, 'email') : undefined;
  if (typeof email !== 'string' || email.trim() === '') return `address:${rateLimitKey(req)}`;
  return `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
}
