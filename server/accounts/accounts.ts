import type { Kysely } from 'kysely';
import { columnPath } from '../../shared/column';
import { normaliseEmail } from '../../shared/email';
import type { AccountInfo } from '../../shared/entities';
import { effectiveRole } from '../../shared/membership';
import type { DB, User } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { balanceCents, walletAccount } from '../payments/ledger';
import { canSignIn } from './canSignIn';
import { DomainError } from '../domain/DomainError';
import { SESSION_TTL_MS } from './sessionLifetime';
import { hashSecret, newSecret } from '../security/secrets';
import { hashPassword, verifyPassword } from './passwords';
import { checkPassword } from './users';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface AccountsDeps {
  db: Kysely<DB>;
  now: () => number;
}

/**
 * Checks e-mail and password and opens a session. `'wrong_credentials'` for a wrong password or
 * an unknown e-mail alike (the API answers 401, server/api/accounts/routes.ts); an inactive or
 * banned account is refused as invalid.
 */
export async function signIn(deps: AccountsDeps, email: string, password: string): Promise<{ user: User; sessionToken: string } | 'wrong_credentials'> {
  const user = await deps.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !valid) return 'wrong_credentials';
  if (!canSignIn(user.status)) throw new DomainError('invalid', ACCOUNT_CANNOT_SIGN_IN);
  return { user, sessionToken: await openSession(deps, user.id) };
}

export const ACCOUNT_CANNOT_SIGN_IN = 'This account is inactive or banned. Please contact the administrator.';

/** A new session for an account whose credentials were checked (mail or WeChat sign-in); its cookie value. */
export async function openSession(deps: AccountsDeps, userId: number): Promise<string> {
  const sessionToken = newSecret(32);
  const now = deps.now();
  await deps.db
    .insertInto('sessions')
    .values({ id: hashSecret(sessionToken), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS })
    .execute();
  return sessionToken;
}

/** Ends the session on the server: the cookie alone no longer signs anyone in. */
export async function signOut(deps: AccountsDeps, sessionHash: string | null): Promise<void> {
  if (sessionHash) await deps.db.deleteFrom('sessions').where('id', '=', sessionHash).execute();
}

/** docs/specification/content-and-commerce.md §3 Account info, for the signed-in user; `coin` is the wallet's balance in yuan, as the wallet shows it. */
export async function accountInfo(db: Kysely<DB>, user: User, now: number): Promise<AccountInfo> {
  const coin = (await balanceCents(db, walletAccount(user.id))) / 100;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    role: effectiveRole(user.role, user.membership_tier, user.membership_expires_at, now),
    coin,
    gender: user.gender === null ? null : user.gender === 1,
    birthday: user.birthday,
    description: user.description,
    city: user.city,
    city_key: user.city_key,
    habits: user.habits,
    habits_key: user.habits_key,
    register_date: new Date(user.created_at).toISOString(),
    column: columnPath(user.username),
  };
}

export interface ResetDeps extends AccountsDeps {
  mailer: Mailer;
  /** Where the reset link points: the site's public origin. */
  origin: string;
  siteName: string;
}

/**
 * Mails a reset link to an account that can sign in. Unknown addresses get the same
 * answer and the same work on the caller's side, so accounts cannot be enumerated.
 */
export async function requestPasswordReset(deps: ResetDeps, email: string): Promise<void> {
  const user = await deps.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  if (!user || !canSignIn(user.status)) return;
  const token = newSecret(32);
  const now = deps.now();
  await deps.db
    .insertInto('password_reset_tokens')
    .values({ token_hash: hashSecret(token), user_id: user.id, created_at: now, expires_at: now + RESET_TOKEN_TTL_MS, used_at: null })
    .execute();
  const link = `${deps.origin}/accounts/reset/${token}/`;
  await deps.mailer.send({
    to: user.email,
    subject: `${deps.siteName}: reset your password`,
    text:
      `Hello ${user.username},\n\nSomeone (hopefully you) asked to reset the password of your ${deps.siteName} account.\n` +
      `Open this link within an hour to choose a new one:\n\n${link}\n\n` +
      `If it was not you, ignore this mail: your password stays as it is.\n`,
  });
}

/** Sets a new password with a reset token: once, within the hour; every session of the account ends. */
export async function confirmPasswordReset(deps: AccountsDeps, token: string, password: string): Promise<void> {
  try {
    checkPassword(password);
  } catch (error) {
    throw new DomainError('invalid', error instanceof Error ? error.message : 'Invalid password.', 'new_password');
  }
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashSecret(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!row) throw new DomainError('invalid', 'This password reset link is invalid or has expired.');
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', row.user_id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', row.user_id).execute();
  });
}
