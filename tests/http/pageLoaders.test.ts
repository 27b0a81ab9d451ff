import { describe, expect, it } from 'vitest';
import { creditWallet, PLATFORM_ADJUSTMENTS } from '../../server/payments/ledger';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { jsonBlock, testApp } from '../support/testApp';
import { membershipOrder } from '../support/orders';

// The member, wallet and orders pages load their data in their loaders, so the
// server renders it and the page state carries it to hydration (client/routing/pageRoute.ts).

interface PagesState {
  pages?: Record<string, unknown>;
  feed: Record<string, unknown>;
}

describe('pages whose loaders fill page stores', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'bob');
  for (let i = 1; i <= 12; i += 1) {
    await database.db
      .transaction()
      .execute((trx) => creditWallet(trx, ann.id, 100, { from: PLATFORM_ADJUSTMENTS, kind: 'adjustment', ref: `Credit ${i}`, now: Date.now() + i }));
  }
  const signedIn = async (name: string) => {
    const visitor = new Visitor(app);
    await visitor.signIn(`${name}@example.com`, PASSWORD);
    return visitor;
  };
  const annV = await signedIn('ann');
  const state = (html: string) => jsonBlock(html, '__STATE__') as PagesState;

  it('renders the wallet balance and the page of transactions the address asks for', async () => {
    const first = await annV.get('/profile/wallet/');
    expect(first.status).toBe(200);
    expect(first.text).toContain('¥12.00');
    expect(first.text).toContain('Credit 12');
    expect(first.text).not.toContain('Credit 2<');
    expect(state(first.text).pages?.['profile-wallet']).toMatchObject({
      balance: { net_amount: '12.00' },
      transactions: { count: 12, loaded: true, page: 1 },
      error: null,
    });

    const second = await annV.get('/profile/wallet/?page=2');
    expect(second.text).toContain('Credit 2<');
    expect(second.text).toContain('rel="prev"');
    expect(state(second.text).pages?.['profile-wallet']).toMatchObject({ transactions: { page: 2, next: null } });
  });

  it('renders a page past the last one as empty, with its pager', async () => {
    const res = await annV.get('/profile/wallet/?page=9');
    expect(res.status).toBe(200);
    expect(state(res.text).pages?.['profile-wallet']).toMatchObject({ error: null, transactions: { items: [], count: 12, page: 9 } });
    expect(res.text).toContain('rel="prev" href="/profile/wallet/?page=8"');
  });

  it('renders the newest orders', async () => {
    expect((await annV.post('/api/payments/order/', membershipOrder('vip_monthly_manual'))).status).toBe(201);
    const res = await annV.get('/profile/orders/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('78.00</strong>');
    expect(state(res.text).pages?.['profile-orders']).toMatchObject({ orders: { count: 1, loaded: true, next: null }, error: null });
    const bob = await signedIn('bob');
    expect(state((await bob.get('/profile/orders/')).text).pages?.['profile-orders']).toMatchObject({ orders: { count: 0, items: [] } });
  });

  it('renders the tiers for everyone, and the membership for a signed-in reader', async () => {
    const anonymous = await new Visitor(app).get('/member/');
    const member = state(anonymous.text).pages?.member;
    expect(member).toMatchObject({ membership: null });
    expect(member).toHaveProperty('plans');
    expect(anonymous.text).toContain('¥78.00');
    const signedInPage = await annV.get('/member/');
    expect(state(signedInPage.text).pages?.member).toMatchObject({ membership: { expired: false } });
    expect(signedInPage.text).toContain('class="member-status"');
  });

  it('keeps the state of pages without a page store as it was', async () => {
    const home = state((await new Visitor(app).get('/')).text);
    expect(home).not.toHaveProperty('pages');
    expect(Object.keys(home.feed)).toEqual(['items', 'count', 'next', 'loaded']);
  });
});
