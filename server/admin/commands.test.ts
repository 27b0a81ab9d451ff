import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserDirectory } from '../accounts/users';
import { hashSecret } from '../security/secrets';
import { testDatabase } from '../../tests/support/testDatabase';
import { runAdminCommand } from './commands';

const DAY = 24 * 3600 * 1000;
const NOW = Date.UTC(2026, 10, 22, 12);

async function admin() {
  const database = await testDatabase();
  const deps = { users: new UserDirectory(database.db, () => NOW), db: database.db, now: () => NOW };
  const run = (...argv: string[]) => runAdminCommand(argv, deps);
  const user = (email: string) => database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  await run('create-user', '--email', 'ann@example.com', '--username', 'ann', '--password', 'long enough password');
  return { run, user, database };
}

describe('npm run admin', () => {
  it('prints help', async () => {
    const { run } = await admin();
    for (const argv of [[], ['help'], ['--help']]) {
      const result = await run(...argv);
      expect(result.code).toBe(0);
      expect(result.out).toContain('set-membership <email>');
    }
  });

  it('creates a user who can be found, with a role', async () => {
    const { run, user } = await admin();
    const result = await run('create-user', '--email', 'Ben@Example.com', '--username', 'ben', '--password', 'another password', '--role', 'reseller');
    expect(result).toEqual({ code: 0, out: expect.stringMatching(/^created user \d+: ben@example.com \(ben\)$/) });
    expect(await user('ben@example.com')).toMatchObject({ username: 'ben', role: 'reseller', status: 'active' });
  });

  it('sets role, status and password', async () => {
    const { run, user, database } = await admin();
    expect((await run('set-role', 'ann@example.com', 'operator')).code).toBe(0);
    expect((await user('ann@example.com')).role).toBe('operator');
    const ann = await user('ann@example.com');
    await database.db
      .insertInto('sessions')
      .values({ id: 'x', user_id: ann.id, created_at: NOW, expires_at: NOW + DAY })
      .execute();
    expect((await run('set-status', 'ann@example.com', 'banned')).out).toBe('ann@example.com is now banned');
    expect((await user('ann@example.com')).status).toBe('banned');
    expect(await database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    const before = (await user('ann@example.com')).password_hash;
    expect((await run('set-password', 'ann@example.com', 'a new password')).code).toBe(0);
    expect((await user('ann@example.com')).password_hash).not.toBe(before);
  });

  it('sets a membership by months or date, and ends it', async () => {
    const { run, user } = await admin();
    expect((await run('set-membership', 'ann@example.com', 'vip', '--months', '1')).code).toBe(0);
    expect(await user('ann@example.com')).toMatchObject({ membership_tier: 'vip', membership_expires_at: NOW + 30 * DAY });
    const until = await run('set-membership', 'ann@example.com', 'premium', '--until', '2027-03-01');
    expect(until.out).toBe('ann@example.com is premium until 2027-03-01');
    expect((await run('set-membership', 'ann@example.com', 'none')).out).toBe('ann@example.com has no membership');
    expect(await user('ann@example.com')).toMatchObject({ membership_tier: null, membership_expires_at: null });
  });

  it('creates a Bearer token kept only as its hash', async () => {
    const { run, database } = await admin();
    const result = await run('create-token', 'ann@example.com', '--label', 'phone');
    const token = result.out.split('\n')[0] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const rows = await database.db.selectFrom('api_tokens').selectAll().execute();
    expect(rows.map((r) => r.token_hash)).toEqual([hashSecret(token)]);
    expect(rows[0]?.label).toBe('phone');
  });

  it('lists users with their effective role', async () => {
    const { run } = await admin();
    await run('set-membership', 'ann@example.com', 'enterprise', '--months', '2');
    const out = (await run('list-users')).out;
    expect(out.split('\t')).toEqual(expect.arrayContaining(['ann@example.com', 'ann', 'user', 'enterprise', 'active']));
  });

  it.each([
    [['bogus'], 2, /^unknown command: bogus/],
    [['create-user', '--email', 'x@example.com'], 2, /needs --email, --username and --password/],
    [['create-user', '--email', 'x@example.com', '--username', 'xx', '--password', 'short'], 1, /8 to 128 characters/],
    [['create-user', '--email', 'ann@example.com', '--username', 'ann2', '--password', 'long enough password'], 1, /taken/],
    [['create-user', '--email', 'not-an-email', '--username', 'x1', '--password', 'long enough password'], 1, /not a valid e-mail/],
    [['create-user', '--email', 'x@example.com', '--username', '<script>', '--password', 'long enough password'], 1, /username/],
    [['create-user', '--nope'], 2, /Unknown option/],
    [['set-role', 'ann@example.com', 'god'], 1, /role must be one of/],
    [['set-role', 'ann@example.com'], 2, /needs an e-mail address and a role/],
    [['set-status', 'ann@example.com', 'asleep'], 1, /status must be one of/],
    [['set-status', 'nobody@example.com', 'banned'], 1, /no account/],
    [['set-membership', 'ann@example.com', 'gold'], 1, /tier must be one of/],
    [['set-membership', 'ann@example.com', 'vip', '--until', '2020-01-01'], 1, /must be in the future/],
    [['set-membership', 'ann@example.com', 'vip', '--until', 'tomorrow'], 1, /YYYY-MM-DD/],
    [['set-membership', 'ann@example.com', 'vip', '--months=-3'], 1, /whole number/],
    [['create-token'], 2, /needs an e-mail address/],
  ])('refuses %j (exit %i) and changes nothing', async (argv, code, message) => {
    const { run, database } = await admin();
    const before = await database.db.selectFrom('users').selectAll().execute();
    const result = await run(...argv);
    expect(result.code).toBe(code);
    expect(result.out).toMatch(message);
    expect(await database.db.selectFrom('users').selectAll().execute()).toEqual(before);
  });

  it('recounts the kept counts and says how many were off', async () => {
    const { run, user, database } = await admin();
    await run('create-user', '--email', 'ben@example.com', '--username', 'ben', '--password', 'long enough password');
    const [ann, ben] = [await user('ann@example.com'), await user('ben@example.com')];
    await database.db.insertInto('follows').values({ follower_id: ben.id, followee_id: ann.id, created_at: NOW }).execute();
    expect((await run('recount')).out).toMatch(/recounted \d+ counts in \d+ ms: all were right/);
    // A count changed behind the triggers' back is put right.
    await database.db.updateTable('user_counts').set({ follower_count: 7 }).where('user_id', '=', ann.id).execute();
    expect((await run('recount')).out).toMatch(/: 2 rows were off and are now right/);
    const kept = await database.db.selectFrom('user_counts').select('follower_count').where('user_id', '=', ann.id).executeTakeFirstOrThrow();
    expect(kept.follower_count).toBe(1);
    expect((await run('recount', 'now')).code).not.toBe(0);
  });

  it('runs as a command on a data directory', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-admin-'));
    const env = { ...process.env, DATA_DIR: dataDir };
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { env, encoding: 'utf8', timeout: 30_000 });
    const created = cli('create-user', '--email', 'cli@example.com', '--username', 'cli', '--password', 'long enough password');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/created user 1: cli@example.com/);
    expect(cli('list-users').stdout).toContain('cli@example.com');
    expect(cli('help').status).toBe(0);
    const unknown = cli('nope');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command: nope');
  }, 60_000);
});
