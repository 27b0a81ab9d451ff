import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { MEMBER_TIERS, type MemberTier } from '../../shared/constants';
import type { DB } from '../db/schema';
import { formatCode, generateCode } from '../redeem/code';

interface RedeemAdminDeps {
  db: Kysely<DB>;
  now: () => number;
}

interface Command {
  usage: string;
  run: (args: string[], deps: RedeemAdminDeps) => Promise<string>;
}

const DAY_MS = 24 * 3600 * 1000;
const MAX_COUNT = 1000;

/** The operator's redeem-code commands (docs/decisions/027), merged into `npm run admin`. */
export const redeemCommands: Readonly<Record<string, Command>> = {
  'create-redeem-codes': {
    usage:
      'create-redeem-codes --kind membership --level premium|vip|enterprise --period month|year | --kind booklet --booklet <slug> [--count N] [--expires YYYY-MM-DD | --days N] [--batch NAME] [--reseller <email>]',
    async run(args, { db, now }) {
      const { values } = parseArgs({
        args,
        options: {
          kind: { type: 'string' },
          level: { type: 'string' },
          period: { type: 'string' },
          booklet: { type: 'string' },
          count: { type: 'string' },
          expires: { type: 'string' },
          days: { type: 'string' },
          batch: { type: 'string' },
          reseller: { type: 'string' },
        },
      });
      const at = now();
      const grant = await grantOf(db, values);
      const count = wholeNumber(values.count ?? '1', '--count', 1, MAX_COUNT);
      const expiresAt = expiry(values, at);
      const batch = (values.batch ?? '').trim().slice(0, 64);
      const resellerId = values.reseller ? await resellerIdOf(db, values.reseller) : null;
      const codes = Array.from({ length: count }, () => generateCode());
      await db.transaction().execute(async (trx) => {
        for (const code of codes) {
          await trx
            .insertInto('redeem_codes')
            .values({
              code,
              ...grant,
              expires_at: expiresAt,
              used_by: null,
              used_at: null,
              created_by: 'admin',
              batch,
              reseller_id: resellerId,
              created_at: at,
            })
            .execute();
        }
      });
      const what = grant.kind === 'membership' ? `${grant.level} for ${grant.months} month(s)` : `booklet ${values.booklet ?? ''}`;
      const until = new Date(expiresAt).toISOString().slice(0, 10);
      return [`created ${count} code(s): ${what}, valid until ${until}${batch ? `, batch ${batch}` : ''}`, ...codes.map(formatCode)].join('\n');
    },
  },
  'list-redeem-codes': {
    usage: 'list-redeem-codes [--batch NAME] [--unused]',
    async run(args, { db, now }) {
      const { values } = parseArgs({ args, options: { batch: { type: 'string' }, unused: { type: 'boolean' } } });
      let query = db
        .selectFrom('redeem_codes')
        .leftJoin('users as redeemer', 'redeemer.id', 'redeem_codes.used_by')
        .leftJoin('users as reseller', 'reseller.id', 'redeem_codes.reseller_id')
        .leftJoin('booklets', 'booklets.id', 'redeem_codes.booklet_id')
        .select([
          'redeem_codes.code',
          'redeem_codes.kind',
          'redeem_codes.level',
          'redeem_codes.months',
          'booklets.slug as booklet',
          'redeem_codes.expires_at',
          'redeem_codes.used_at',
          'redeemer.username as redeemer',
          'redeem_codes.batch',
          'reseller.username as reseller',
        ])
        .orderBy('redeem_codes.id');
      if (values.batch !== undefined) query = query.where('redeem_codes.batch', '=', values.batch);
      if (values.unused) query = query.where('redeem_codes.used_at', 'is', null);
      const rows = await query.execute();
      if (rows.length === 0) return 'no redeem codes';
      const at = now();
      return rows
        .map((r) =>
          [
            formatCode(r.code),
            r.kind === 'membership' ? `${r.level ?? '?'}/${r.months ?? '?'}m` : `booklet:${r.booklet ?? '?'}`,
            new Date(Number(r.expires_at)).toISOString().slice(0, 10),
            r.used_at !== null ? `used by ${r.redeemer ?? '?'}` : Number(r.expires_at) <= at ? 'expired' : 'unused',
            r.batch || '-',
            r.reseller ?? '-',
          ].join('\t'),
        )
        .join('\n');
    },
  },
};

type Grant = { kind: 'membership'; level: MemberTier; months: number; booklet_id: null } | { kind: 'booklet'; level: null; months: null; booklet_id: number };

async function grantOf(db: Kysely<DB>, values: { kind?: string; level?: string; period?: string; booklet?: string }): Promise<Grant> {
  if (values.kind === 'membership') {
    const level = MEMBER_TIERS.find((tier) => tier === values.level);
    if (!level) throw new Error(`--level must be one of ${MEMBER_TIERS.join(', ')}`);
    if (values.period !== 'month' && values.period !== 'year') throw new Error('--period must be month or year');
    return { kind: 'membership', level, months: values.period === 'year' ? 12 : 1, booklet_id: null };
  }
  if (values.kind === 'booklet') {
    if (!values.booklet) throw new Error('a booklet code needs --booklet <slug>');
    const booklet = await db.selectFrom('booklets').select('id').where('slug', '=', values.booklet).where('trashed', '=', 0).executeTakeFirst();
    if (!booklet) throw new Error(`no booklet ${values.booklet}`);
    return { kind: 'booklet', level: null, months: null, booklet_id: booklet.id };
  }
  throw new Error('--kind must be membership or booklet');
}

async function resellerIdOf(db: Kysely<DB>, email: string): Promise<number> {
  const user = await db.selectFrom('users').select(['id', 'role']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw new Error(`no user ${email}`);
  if (user.role !== 'reseller') throw new Error(`${email} is not a reseller (npm run admin -- set-role ${email} reseller)`);
  return user.id;
}

function expiry(values: { expires?: string; days?: string }, now: number): number {
  if (values.expires && values.days) throw new Error('give --expires or --days, not both');
  if (values.expires) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expires)) throw new Error('--expires takes a date as YYYY-MM-DD');
    const at = Date.parse(`${values.expires}T23:59:59Z`);
    if (!Number.isFinite(at)) throw new Error(`not a date: ${values.expires}`);
    if (at <= now) throw new Error('--expires must be in the future');
    return at;
  }
  return now + wholeNumber(values.days ?? '365', '--days', 1, 3650) * DAY_MS;
}

function wholeNumber(text: string, name: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) throw new Error(`${name} takes a whole number from ${min} to ${max}`);
  return n;
}
