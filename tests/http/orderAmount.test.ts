import { describe, expect, it } from 'vitest';
import { createBooklet } from '../../server/content/createBooklet';
import { writeArticle } from '../support/articles';
import { bookletOrder, membershipOrder } from '../support/orders';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

// docs/specification/content-and-commerce.md §7: POST /api/payments/order/ with type, identity and amount.
// The amount is the price the buyer was shown; the server prices the order itself (server/payments/pricing.ts)
// and refuses any other amount with 400, creating nothing. On both engines.
describe('an order’s amount', async () => {
  const { app, database } = await testApp();
  const { db } = database;
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  const chapter = await writeArticle(database, ann.id, 'paid-words', { title: 'Paid words' });
  const bookletId = await createBooklet(
    db,
    {
      slug: 'guide',
      ownerId: ann.id,
      name: 'Guide',
      priceCents: 1200,
      currency: 'CNY',
      items: [{ type: 'article', articleId: chapter, slug: 'paid', salesMode: 'payment_required' }],
    },
    Date.now(),
  );
  const ben = new Visitor(app);
  expect((await ben.signIn('ben@example.com', PASSWORD)).status).toBe(200);
  const order = (body: object) => ben.post('/api/payments/order/', body);
  const count = async (table: 'orders' | 'ledger_entries' | 'booklet_purchases') =>
    Number((await db.selectFrom(table).select(db.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = async () => ({ orders: await count('orders'), ledger: await count('ledger_entries'), purchases: await count('booklet_purchases') });

  it('makes the order when it is the server’s price, sent as the API writes amounts or as a number', async () => {
    const before = await count('orders');
    for (const [body, amount] of [
      [membershipOrder('vip_monthly_manual'), '78.00'],
      [{ type: 'membership', identity: 'vip_monthly_manual', amount: 78 }, '78.00'],
      [{ type: 'membership', identity: 'premium_annual_manual', amount: '188' }, '188.00'],
      [membershipOrder('vip_monthly_subscription'), '58.00'],
      [bookletOrder(bookletId, 1200), '12.00'],
    ] as const) {
      const res = await order(body);
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(res.body).toMatchObject({ type: body.type, identity: body.identity, amount, status: 'created' });
      const row = await db.selectFrom('orders').select('amount_cents').where('ref', '=', res.body.id).executeTakeFirstOrThrow();
      expect(Number(row.amount_cents)).toBe(Math.round(Number(amount) * 100));
    }
    expect(await count('orders')).toBe(before + 5);
  });

  it.each([
    ['one cent under', '77.99', 'The price is ¥78.00, not ¥77.99. Please look at it again.'],
    ['one cent over', '78.01', 'The price is ¥78.00, not ¥78.01. Please look at it again.'],
    ['another product’s price', '58.00', 'The price is ¥78.00, not ¥58.00. Please look at it again.'],
    ['a huge price', '9999999.99', 'The price is ¥78.00, not ¥9999999.99. Please look at it again.'],
  ])('refuses %s with 400 on amount, creating nothing', async (_name, amount, message) => {
    const before = await rows();
    const res = await order({ type: 'membership', identity: 'vip_monthly_manual', amount });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ amount: [message] });
    expect(await rows()).toEqual(before);
  });

  const NOT_AN_AMOUNT = 'The amount is the price shown: above 0, with at most 2 decimals.';
  it.each([
    ['zero', '0'],
    ['zero with decimals', '0.00'],
    ['the number zero', 0],
    ['negative', '-78.00'],
    ['a negative number', -78],
    ['more than any price', '999999999.99'],
    ['a huge number', 1e308],
    ['three decimals', '78.001'],
    ['an exponent', '7.8e1'],
    ['a word', 'seventy-eight'],
    ['a currency sign', '¥78.00'],
    ['empty text', ''],
    ['null', null],
    ['true', true],
    ['a list', ['78.00']],
    ['an object', { amount: '78.00' }],
  ])('refuses an amount that is %s with 400 on amount, creating nothing', async (_name, amount) => {
    const before = await rows();
    const res = await order({ type: 'membership', identity: 'vip_monthly_manual', amount });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ amount: [NOT_AN_AMOUNT] });
    expect(await rows()).toEqual(before);
  });

  it('requires the amount, creating nothing', async () => {
    const before = await rows();
    const res = await order({ type: 'membership', identity: 'vip_monthly_manual' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ amount: ['This field is required.'] });
    expect(await rows()).toEqual(before);
  });

  it('holds a booklet to the price it has now: a cent off, or the price before the author changed it, is refused', async () => {
    const before = await rows();
    expect((await order(bookletOrder(bookletId, 1199))).body).toEqual({ amount: ['The price is ¥12.00, not ¥11.99. Please look at it again.'] });
    await db.updateTable('booklets').set({ price_cents: 1500 }).where('id', '=', bookletId).execute();
    const stale = await order(bookletOrder(bookletId, 1200));
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ amount: ['The price is ¥15.00, not ¥12.00. Please look at it again.'] });
    expect(await rows()).toEqual(before);
    const fresh = await order(bookletOrder(bookletId, 1500));
    expect(fresh.status).toBe(201);
    expect(fresh.body.amount).toBe('15.00');
  });

  it('prices for the reader in question: what the server refuses them stays refused whatever the amount', async () => {
    const before = await rows();
    const own = new Visitor(app);
    await own.signIn('ann@example.com', PASSWORD);
    expect((await own.post('/api/payments/order/', bookletOrder(bookletId, 1500))).body).toEqual({ detail: 'You cannot buy your own booklet.' });
    expect((await order(membershipOrder('enterprise_monthly_subscription'))).body).toEqual({ detail: 'Unknown membership product.' });
    expect(await rows()).toEqual(before);
  });
});
