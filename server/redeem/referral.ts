import type { Kysely } from 'kysely';
import type { OwnReferral, Referrer } from '../../shared/redeem';
import type { DB } from '../db/schema';
import { generateCode, normalizeCode, REFERRAL_CODE_LENGTH } from './code';
import { DomainError } from '../domain/DomainError';

export const REFERRAL_ERRORS = {
  invalid: 'Invalid referral code.',
  own: 'You cannot refer yourself.',
  already: 'You already have a referrer.',
} as const;

/** The user's own referral code, made on first ask (a lost race with a parallel ask reads the winner's). */
export async function ownReferral(db: Kysely<DB>, userId: number, now: number): Promise<OwnReferral> {
  let row = await db.selectFrom('referral_codes').select('code').where('user_id', '=', userId).executeTakeFirst();
  if (!row) {
    await db
      .insertInto('referral_codes')
      .values({ user_id: userId, code: generateCode(REFERRAL_CODE_LENGTH), created_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    row = await db.selectFrom('referral_codes').select('code').where('user_id', '=', userId).executeTakeFirstOrThrow();
  }
  const counted = await db
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('referrer_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { code: row.code, referred: Number(counted.n) };
}

/** Whose code this is; not found for a code nobody has. */
export async function findReferrer(db: Kysely<DB>, input: string): Promise<Referrer & { userId: number }> {
  const code = normalizeCode(input, REFERRAL_CODE_LENGTH);
  const row = code
    ? await db
        .selectFrom('referral_codes')
        .innerJoin('users', 'users.id', 'referral_codes.user_id')
        .select(['referral_codes.code', 'users.username', 'users.id'])
        .where('referral_codes.code', '=', code)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new DomainError('not_found', REFERRAL_ERRORS.invalid);
  return { code: row.code, username: row.username, userId: row.id };
}

/**
 * Records who referred the user: once, never oneself. The same referrer again is
 * answered as done (a page reloaded); a different one is refused.
 */
export async function recordReferral(db: Kysely<DB>, userId: number, input: string, now: number): Promise<Referrer> {
  const referrer = await findReferrer(db, input);
  if (referrer.userId === userId) throw new DomainError('invalid', REFERRAL_ERRORS.own);
  await db
    .insertInto('referrals')
    .values({ user_id: userId, referrer_user_id: referrer.userId, referrer_code: referrer.code, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const stored = await db.selectFrom('referrals').select('referrer_user_id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (stored.referrer_user_id !== referrer.userId) throw new DomainError('invalid', REFERRAL_ERRORS.already);
  return { code: referrer.code, username: referrer.username };
}
