import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../server/admin/commands';
import { UserDirectory } from '../../server/accounts/users';
import { createBooklet } from '../../server/content/createBooklet';
import { writeArticle } from '../support/articles';
import { bookletOrder } from '../support/orders';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

// Operators price booklets with `npm run admin -- set-booklet-price` (the seed's booklet form has no price).
describe('pricing a booklet', async () => {
  const { app, database } = await testApp();
  const { db } = database;
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  const chapter = await writeArticle(database, ann.id, 'priced-words', { title: 'Priced words' });
  const bookletId = await createBooklet(
    db,
    { slug: 'priced', ownerId: ann.id, name: 'Priced', items: [{ type: 'article', articleId: chapter, slug: 'one', salesMode: 'payment_required' }] },
    Date.now(),
  );
  const admin = (...argv: string[]) => runAdminCommand(argv, { users: new UserDirectory(db, Date.now), db, now: Date.now });
  const ben = new Visitor(app);
  await ben.signIn('ben@example.com', PASSWORD);
  const price = async () => Number((await db.selectFrom('booklets').select('price_cents').where('id', '=', bookletId).executeTakeFirstOrThrow()).price_cents);

  it('is free until priced; then orders cost the new price; 0 makes it free again', async () => {
    expect((await ben.post('/api/payments/order/', bookletOrder(bookletId, 2050))).body).toEqual({ detail: 'This booklet is free.' });
    expect(await admin('set-booklet-price', 'priced', '20.50')).toEqual({ code: 0, out: 'priced now costs 20.50 CNY' });
    const order = await ben.post('/api/payments/order/', bookletOrder(bookletId, 2050));
    expect(order.status).toBe(201);
    expect(order.body.amount).toBe('20.50');
    const overview = await ben.get('/api/booklets/priced/');
    expect(overview.body.payment.price).toEqual({ amount_cents: 2050, currency: 'CNY' });
    expect(await admin('set-booklet-price', 'priced', '0')).toEqual({ code: 0, out: 'priced is free' });
    expect(await price()).toBe(0);
  });

  it.each([['-1'], ['abc'], ['1.234'], ['1e3'], ['99999999999']])('refuses the price %s and changes nothing', async (amount) => {
    await admin('set-booklet-price', 'priced', '12.00');
    const result = await admin('set-booklet-price', 'priced', amount);
    expect(result.code).not.toBe(0);
    expect(await price()).toBe(1200);
  });

  it('refuses an unknown booklet', async () => {
    const result = await admin('set-booklet-price', 'no-such-booklet', '5');
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('no booklet with the slug no-such-booklet');
  });
});
