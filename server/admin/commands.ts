import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { effectiveRole } from '../../shared/membership';
import type { UserDirectory } from '../accounts/users';
import type { DB } from '../db/schema';
import { MODERATION_STATES, moderateArticle, type ModerationState } from '../content/moderation';
import { redeemCommands } from './redeemCommands';
import { walletCommands } from './walletCommands';
import { bookletPriceCommands } from './bookletPriceCommands';
import { counterCommands } from './counterCommands';
import { searchCommands } from './searchCommands';
import { refundCommands, type RefundAdminDeps } from './refundCommands';
import { payoutCommands } from './payoutCommands';
import { reconcileCommands } from './reconcileCommands';

export interface AdminDeps extends RefundAdminDeps {
  users: UserDirectory;
  db: Kysely<DB>;
  now: () => number;
}

export interface AdminResult {
  code: number;
  out: string;
}

/** A command answers its output (exit 0), or its exit code with it (reconcile's differences). */
const COMMANDS: Readonly<Record<string, { usage: string; run: (args: string[], deps: AdminDeps) => Promise<string | AdminResult> }>> = {
  'create-user': {
    usage: 'create-user --email ann@example.com --username ann --password "…" [--role user|reseller|operator]',
    async run(args, { users }) {
      const { values } = parseArgs({
        args,
        options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
      });
      const { email, username, password, role } = values;
      if (!email || !username || !password) throw new UsageError('create-user needs --email, --username and --password');
      const user = await users.create({ email, username, password });
      if (role) await users.setRole(user.email, role);
      return `created user ${user.id}: ${user.email} (${user.username})`;
    },
  },
  'set-role': {
    usage: 'set-role <email> <user|reseller|operator>',
    async run(args, { users }) {
      const [email, role] = positionals(args, 'set-role needs an e-mail address and a role');
      const user = await users.setRole(email, role);
      return `${user.email} now has the role ${user.role}`;
    },
  },
  'set-status': {
    usage: 'set-status <email> <active|inactive|banned|suspended>',
    async run(args, { users }) {
      const [email, status] = positionals(args, 'set-status needs an e-mail address and a status');
      const user = await users.setStatus(email, status);
      return `${user.email} is now ${user.status}`;
    },
  },
  'set-membership': {
    usage: 'set-membership <email> <premium|vip|enterprise|none> [--until YYYY-MM-DD | --months N]',
    async run(args, { users, now }) {
      const { values, positionals: rest } = parseArgs({
        args,
        allowPositionals: true,
        options: { until: { type: 'string' }, months: { type: 'string' } },
      });
      const [email, tier] = rest;
      if (!email || !tier || rest.length !== 2) throw new UsageError('set-membership needs an e-mail address and a tier');
      const user = await users.setMembership(email, tier, tier === 'none' ? null : expiry(values, now()));
      return user.membership_tier && user.membership_expires_at
        ? `${user.email} is ${user.membership_tier} until ${new Date(user.membership_expires_at).toISOString().slice(0, 10)}`
        : `${user.email} has no membership`;
    },
  },
  'set-password': {
    usage: 'set-password <email> <password>',
    async run(args, { users }) {
      const [email, password] = positionals(args, 'set-password needs an e-mail address and a password');
      const user = await users.setPassword(email, password);
      return `the password of ${user.email} is changed and its sessions are ended`;
    },
  },
  'create-token': {
    usage: 'create-token <email> [--label "Ann\'s iPhone"]',
    async run(args, { users }) {
      const { values, positionals: rest } = parseArgs({ args, allowPositionals: true, options: { label: { type: 'string' } } });
      const [email] = rest;
      if (!email || rest.length !== 1) throw new UsageError('create-token needs an e-mail address');
      const token = await users.createApiToken(email, values.label ?? '');
      return `${token}\n(the Bearer token for the native app; it is shown once and stored only as a hash)`;
    },
  },
  'moderate-article': {
    usage: 'moderate-article <slug> <banned|suspended|none>   (none restores it)',
    async run(args, { db, now }) {
      const [slug, state] = positionals(args, 'moderate-article needs an article slug and a state');
      if (!(MODERATION_STATES as readonly string[]).includes(state)) {
        throw new Error(`state must be one of ${MODERATION_STATES.join(', ')}`);
      }
      const article = await moderateArticle(db, slug, state as ModerationState, now());
      return state === 'none' ? `${article.slug} is restored` : `${article.slug} is now ${state}`;
    },
  },
  'list-articles': {
    usage: 'list-articles [--author <username>]',
    async run(args, { db }) {
      const { values } = parseArgs({ args, options: { author: { type: 'string' } } });
      let query = db
        .selectFrom('articles')
        .innerJoin('users', 'users.id', 'articles.author_id')
        .select(['articles.id', 'articles.slug', 'users.username', 'articles.visibility', 'articles.moderation', 'articles.trashed', 'articles.title'])
        .orderBy('articles.id');
      if (values.author) query = query.where('users.username', '=', values.author);
      const rows = await query.execute();
      if (rows.length === 0) return 'no articles';
      return rows.map((a) => [a.id, a.slug, a.username, a.visibility, a.moderation, a.trashed ? 'trashed' : '-', a.title].join('\t')).join('\n');
    },
  },
  'list-users': {
    usage: 'list-users',
    async run(_args, { db, now }) {
      const rows = await db.selectFrom('users').selectAll().orderBy('id').execute();
      if (rows.length === 0) return 'no users';
      return rows
        .map((u) =>
          [
            u.id,
            u.email,
            u.username,
            u.role,
            effectiveRole(u.role, u.membership_tier, u.membership_expires_at, now()),
            u.status,
            u.membership_expires_at ? new Date(u.membership_expires_at).toISOString().slice(0, 10) : '-',
          ].join('\t'),
        )
        .join('\n');
    },
  },
  ...redeemCommands,
  ...walletCommands,
  ...bookletPriceCommands,
  ...searchCommands,
  ...counterCommands,
  ...refundCommands,
  ...payoutCommands,
  ...reconcileCommands,
};

/** `npm run admin -- <command>`: operator actions on accounts (there is no web sign-up). */
export async function runAdminCommand(argv: readonly string[], deps: AdminDeps): Promise<AdminResult> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') return { code: 0, out: usage() };
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) return { code: 2, out: `unknown command: ${name}\n\n${usage()}` };
  try {
    const result = await command.run(args, deps);
    return typeof result === 'string' ? { code: 0, out: result } : result;
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      return { code: 2, out: `${error.message}\nusage: npm run admin -- ${command.usage}` };
    }
    return { code: 1, out: `error: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export function usage(): string {
  return ['usage: npm run admin -- <command>', '', 'commands:', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`), '  help'].join('\n');
}

class UsageError extends Error {}

/** Exactly two positional arguments, both non-empty. */
function positionals(args: string[], message: string): [string, string] {
  const { positionals: rest } = parseArgs({ args, allowPositionals: true, options: {} });
  const [first, second] = rest;
  if (rest.length !== 2 || !first || !second) throw new UsageError(message);
  return [first, second];
}

const MONTH_MS = 30 * 24 * 3600 * 1000;

function expiry(values: { until?: string; months?: string }, now: number): number {
  if (values.until && values.months) throw new UsageError('give --until or --months, not both');
  if (values.until) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.until)) throw new Error('--until takes a date as YYYY-MM-DD');
    const at = Date.parse(`${values.until}T23:59:59Z`);
    if (!Number.isFinite(at)) throw new Error(`not a date: ${values.until}`);
    if (at <= now) throw new Error('--until must be in the future');
    return at;
  }
  const months = values.months === undefined ? 12 : Number(values.months);
  if (!Number.isInteger(months) || months < 1 || months > 120) throw new Error('--months takes a whole number from 1 to 120');
  return now + months * MONTH_MS;
}
