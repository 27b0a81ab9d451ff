import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createPerson } from '../support/people';
import { testApp } from '../support/testApp';

describe('the banned, suspended and expired account screens', async () => {
  const { app, database } = await testApp();
  await createPerson(database, 'open');
  await createPerson(database, 'barred', { status: 'banned' });
  await createPerson(database, 'held', { status: 'suspended' });
  await createPerson(database, 'asleep', { status: 'inactive' });
  const lapsed = await createPerson(database, 'lapsed');
  const paid = await createPerson(database, 'paid');
  const now = Date.now();
  await database.db
    .updateTable('users')
    .set({ membership_tier: 'vip', membership_expires_at: now - 1000 })
    .where('id', '=', lapsed.id)
    .execute();
  await database.db
    .updateTable('users')
    .set({ membership_tier: 'vip', membership_expires_at: now + 86_400_000 })
    .where('id', '=', paid.id)
    .execute();

  it.each([
    ['barred', 'Account Banned'],
    ['held', 'Account Suspended'],
    ['lapsed', 'Account Expired'],
  ])('the column API of %s answers 403 %s, the lists too', async (name, reason) => {
    expect((await request(app).get(`/api/columns/@${name}/`).expect(403)).body).toEqual({ detail: reason });
    expect((await request(app).get(`/api/columns/originals/@${name}/`).expect(403)).body).toEqual({ detail: reason });
  });

  it('shows active columns, with or without a running membership, and hides inactive ones', async () => {
    await request(app).get('/api/columns/@open/').expect(200);
    await request(app).get('/api/columns/@paid/').expect(200);
    expect((await request(app).get('/api/columns/@asleep/').expect(404)).body).toEqual({ detail: 'Not found.' });
  });

  it('renders each screen with its status, title and explanation, in English and Chinese', async () => {
    const banned = await request(app).get('/@barred/').expect(403);
    expect(banned.text).toContain('<h1 class="error-page__title">Account Banned</h1>');
    expect(banned.text).toContain('no-entry');
    expect(banned.text).not.toContain('href="/member/"');
    const suspended = await request(app).get('/@held/articles?__lang=zh-CN').expect(403);
    expect(suspended.text).toContain('账号已暂停');
    const expired = await request(app).get('/@lapsed/').set('Accept-Language', 'zh-TW').expect(403);
    expect(expired.text).toContain('會員已過期');
    expect(expired.text).toMatch(/<a href="\/member\/" target="_blank" rel="noopener"[^>]*>購買會員|<a href="\/member\/"/);
    await request(app).get('/@asleep/').expect(404);
  });
});
