import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../tests/support/testDatabase';
import { UserDirectory } from '../accounts/users';
import { DomainError } from '../domain/DomainError';
import { runAdminCommand } from '../admin/commands';
import { balanceCents, creditWallet, PLATFORM_ADJUSTMENTS, PLATFORM_REVENUE, postTransfer, spendFromWallet, walletAccount } from './ledger';
import { formatCents, parseAmountCents } from '../../shared/money';

describe('amounts', () => {
  it('formats cents as a 2-place decimal', () => {
    expect([0, 5, 100, 1234, 7800, -50, 1_000_000_000].map(formatCents)).toEqual(['0.00', '0.05', '1.00', '12.34', '78.00', '-0.50', '10000000.00']);
  });

  it('parses positive amounts with at most 2 decimals, and nothing else', () => {
    expect(['1', '1.5', '1.50', ' 12.34 ', '0.01', 2, 2.5, '10000000'].map(parseAmountCents)).toEqual([100, 150, 150, 1234, 1, 200, 250, 1_000_000_000]);
    for (const bad of [
      '0',
      '0.00',
      '-1',
      -1,
      '1.234',
      1.234,
      'abc',
      'NaN',
      Number.NaN,
      'Infinity',
      Number.POSITIVE_INFINITY,
      '1e3',
      1e21,
      '10000000.01',
      '',
      ' ',
      null,
      undefined,
      true,
      {},
      [1],
      '+1',
      '1.',
      '.5',
      '0x10',
    ])
      expect(parseAmountCents(bad)).toBeNull();
  });
});

describe('ledger', () => {
  it('posts each transfer as two rows that sum to zero; balances are sums', async () => {
    const { db } = await testDatabase();
    const txn = await db
      .transaction()
      .execute((trx) => postTransfer(trx, { from: PLATFORM_ADJUSTMENTS, to: walletAccount(7), amountCents: 250, kind: 'adjustment', ref: 'x', now: 1 }));
    const rows = await db.selectFrom('ledger_entries').selectAll().where('txn_id', '=', txn).execute();
    expect(rows.map((r) => r.amount_cents).sort((a, b) => a - b)).toEqual([-250, 250]);
    expect(await balanceCents(db, walletAccount(7))).toBe(250);
    expect(await balanceCents(db, PLATFORM_ADJUSTMENTS)).toBe(-250);
    expect(await balanceCents(db, walletAccount(8))).toBe(0);
  });

  it('refuses non-positive, fractional or same-account transfers', async () => {
    const { db } = await testDatabase();
    for (const amountCents of [0, -1, 1.5, Number.NaN, 2e9]) {
      await expect(db.transaction().execute((trx) => postTransfer(trx, { from: 'a', to: 'b', amountCents, kind: 'k', ref: '', now: 1 }))).rejects.toThrow();
    }
    await expect(db.transaction().execute((trx) => postTransfer(trx, { from: 'a', to: 'a', amountCents: 1, kind: 'k', ref: '', now: 1 }))).rejects.toThrow();
    expect(await db.selectFrom('ledger_entries').selectAll().execute()).toHaveLength(0);
  });

  it('spends from a wallet only what it holds', async () => {
    const database = await testDatabase();
    const user = await new UserDirectory(database.db, Date.now).create({ email: 'ann@example.com', username: 'ann', password: 'long enough password' });
    await database.db.transaction().execute((trx) => creditWallet(trx, user.id, 500, { from: PLATFORM_ADJUSTMENTS, kind: 'adjustment', ref: '', now: 1 }));
    await database.db.transaction().execute((trx) => spendFromWallet(trx, user.id, 300, { to: PLATFORM_REVENUE, kind: 'order', ref: 'o1', now: 2 }));
    const refused = database.db.transaction().execute((trx) => spendFromWallet(trx, user.id, 201, { to: PLATFORM_REVENUE, kind: 'order', ref: 'o2', now: 3 }));
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ kind: 'invalid' });
    await expect(refused).rejects.toThrow('Insufficient balance.');
    expect(await balanceCents(database.db, walletAccount(user.id))).toBe(200);
  });
});

describe('npm run admin -- credit-wallet', () => {
  it('credits a wallet from platform:adjustments with a note, and refuses bad input', async () => {
    const database = await testDatabase();
    const users = new UserDirectory(database.db, Date.now);
    const ann = await users.create({ email: 'ann@example.com', username: 'ann', password: 'long enough password' });
    const run = (...argv: string[]) => runAdminCommand(argv, { users, db: database.db, now: Date.now });
    expect(await run('credit-wallet', 'Ann@Example.com', '12.5', '--note', 'Welcome gift')).toEqual({
      code: 0,
      out: 'credited 12.50 CNY to ann@example.com; the wallet now holds 12.50 CNY',
    });
    const entry = await database.db.selectFrom('ledger_entries').selectAll().where('account', '=', walletAccount(ann.id)).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ amount_cents: 1250, kind: 'adjustment', ref: 'Welcome gift' });
    for (const argv of [
      ['credit-wallet', 'ann@example.com', '-1'],
      ['credit-wallet', 'ann@example.com', 'abc'],
      ['credit-wallet', 'ann@example.com', '1.234'],
      ['credit-wallet', 'nobody@example.com', '1'],
      ['credit-wallet', 'ann@example.com'],
    ]) {
      expect((await run(...argv)).code).not.toBe(0);
    }
    expect(await balanceCents(database.db, walletAccount(ann.id))).toBe(1250);
    expect((await run('help')).out).toContain('credit-wallet <email>');
    expect(await run('ledger-audit')).toEqual({
      code: 0,
      out: 'every txn sums to zero\nplatform:clearing\t0.00\nplatform:revenue\t0.00\nplatform:adjustments\t-12.50\nplatform:wechatpay\t0.00\nplatform:alipay\t0.00',
    });
    await database.db
      .insertInto('ledger_entries')
      .values({ txn_id: 'broken', account: 'platform:revenue', amount_cents: 5, kind: 'x', ref: '', created_at: 1 })
      .execute();
    const broken = await run('ledger-audit');
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('1 unbalanced txn(s): broken');
  });
});
