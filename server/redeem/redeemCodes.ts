import type { Kysely, Selectable, Transaction } from 'kysely';
import { contentChanged } from '../content/changes';
import type { DB, RedeemCodesTable, User } from '../db/schema';
import { extendMembership } from '../payments/membership';
import { formatCode, normalizeCode } from './code';
import { DomainError } from '../domain/DomainError';
import type { RedeemCodeView, RedeemResult } from '../../shared/redeem';

export const REDEEM_ERRORS = {
  invalid: 'Invalid redeem code.',
  expired: 'This redeem code has expired.',
  used: 'This redeem code has already been used.',
  owned: 'You already own this booklet.',
  ownBooklet: 'This booklet is your own.',
} as const;

export interface RedeemDeps {
  db: Kysely<DB>;
  now: () => number;
}

/** The code's grant, for the page to confirm before spending it. Unknown: not found, with the same text as a bad code. */
export async function describeCode(deps: RedeemDeps, input: string): Promise<RedeemCodeView> {
  const code = normalizeCode(input);
  const row = code ? await findCode(deps.db, code) : undefined;
  if (!row) throw new DomainError('not_found', REDEEM_ERRORS.invalid);
  return view(deps.db, row, deps.now());
}

/**
 * Spends a code for the user and applies its grant, in one transaction. The code is
 * claimed by an update that only matches while it is unused and unexpired, so of any
 * number of parallel redeems exactly one changes the row; a grant that cannot apply
 * (a booklet already owned) rolls the claim back and the code stays unused.
 */
export async function redeemCode(deps: RedeemDeps, user: User, input: string): Promise<RedeemResult> {
  const code = normalizeCode(input);
  if (!code) throw new DomainError('invalid', REDEEM_ERRORS.invalid);
  const now = deps.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('redeem_codes')
      .set({ used_by: user.id, used_at: now })
      .where('code', '=', code)
      .where('used_by', 'is', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    const row = await findCode(trx, code);
    if (!row) throw new DomainError('invalid', REDEEM_ERRORS.invalid);
    if (Number(claimed.numUpdatedRows) !== 1) {
      throw new DomainError('invalid', row.used_at !== null ? REDEEM_ERRORS.used : REDEEM_ERRORS.expired);
    }
    const membershipExpires = await applyGrant(trx, user, row, now);
    return { row, membershipExpires };
  });
  if (result.row.kind === 'membership') {
    // 'User Expired' and the page-view quota of the user's pages depend on the tier.
    await contentChanged(deps.db, [`author:${user.username}`, 'feed'], now);
  }
  const shown = await view(deps.db, result.row, now);
  return {
    ...shown,
    status: 'used',
    detail: 'Redeemed.',
    membership_expires: result.membershipExpires === null ? null : new Date(result.membershipExpires).toISOString(),
  };
}

async function applyGrant(trx: Transaction<DB>, user: User, row: CodeRow, now: number): Promise<number | null> {
  if (row.kind === 'membership') {
    if (row.level === null || row.months === null) throw new DomainError('invalid', REDEEM_ERRORS.invalid);
    const { expiresAt } = await extendMembership(trx, user.id, row.level, row.months, now);
    return expiresAt;
  }
  if (row.booklet_id === null) throw new DomainError('invalid', REDEEM_ERRORS.invalid);
  const booklet = await trx.selectFrom('booklets').select(['id', 'owner_id']).where('id', '=', row.booklet_id).executeTakeFirst();
  if (!booklet) throw new DomainError('invalid', REDEEM_ERRORS.invalid);
  if (booklet.owner_id === user.id) throw new DomainError('invalid', REDEEM_ERRORS.ownBooklet);
  const owned = await trx.selectFrom('booklet_purchases').select('id').where('booklet_id', '=', booklet.id).where('user_id', '=', user.id).executeTakeFirst();
  if (owned) throw new DomainError('invalid', REDEEM_ERRORS.owned);
  await trx
    .insertInto('booklet_purchases')
    .values({ booklet_id: booklet.id, user_id: user.id, order_ref: `redeem:${row.code}`, created_at: now })
    .execute();
  return null;
}

type CodeRow = Selectable<RedeemCodesTable>;

async function findCode(db: Kysely<DB> | Transaction<DB>, code: string): Promise<CodeRow | undefined> {
  const row = await db.selectFrom('redeem_codes').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) return undefined;
  // pg answers bigint columns as strings.
  return {
    ...row,
    expires_at: Number(row.expires_at),
    used_at: row.used_at === null ? null : Number(row.used_at),
    created_at: Number(row.created_at),
  };
}

async function view(db: Kysely<DB>, row: CodeRow, now: number): Promise<RedeemCodeView> {
  const booklet =
    row.booklet_id === null ? undefined : await db.selectFrom('booklets').select(['id', 'slug', 'name']).where('id', '=', row.booklet_id).executeTakeFirst();
  const reseller = row.reseller_id === null ? undefined : await db.selectFrom('users').select('username').where('id', '=', row.reseller_id).executeTakeFirst();
  return {
    code: formatCode(row.code),
    kind: row.kind,
    level: row.level,
    months: row.months,
    booklet: booklet ?? null,
    expires: new Date(row.expires_at).toISOString(),
    status: row.used_at !== null ? 'used' : row.expires_at <= now ? 'expired' : 'valid',
    reseller: reseller ?? null,
  };
}
