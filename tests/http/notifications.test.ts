import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

const ALL = 'action=favorite,follow,thumbsup,reply_comment,comment';

interface Item {
  id: number;
  unread: boolean;
  payload: {
    type: string;
    source: { object: { username: string } } | null;
    target: { type: string; object: { slug?: string; title?: string; username?: string } } | null;
    result: { object: { text: string } } | null;
    created: string;
  };
}

describe('notifications (the messaging API)', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  const ben = await createPerson(database, 'ben');
  await createPerson(database, 'cai');
  await writeArticle(database, ann.id, 'long-read', { title: 'A rather long title of an article about <b>tea</b>' });
  await writeArticle(database, ben.id, 'bens-note', { title: 'Ben writes' });
  const signedIn = async (name: string) => {
    const visitor = new Visitor(app);
    await visitor.signIn(`${name}@example.com`, PASSWORD);
    return visitor;
  };
  const [annV, benV, caiV] = [await signedIn('ann'), await signedIn('ben'), await signedIn('cai')];
  const unread = async (v: Visitor) => (await v.get('/api/notification/count/?filter=unread')).body.results[0].unread_count as number;
  const list = async (v: Visitor, query = ALL) => {
    const res = await v.get(`/api/notification/?${query}`);
    expect(res.status).toBe(200);
    return res.body as { count: number; next: string | null; previous: string | null; results: Item[] };
  };
  const markRead = (v: Visitor, body: unknown = { read: true }, path = '/api/notification/?filter=unread') =>
    v.agent
      .put(path)
      .set('X-CSRFToken', v.csrf)
      .send(body as object);
  const stored = async () => (await database.db.selectFrom('notifications').selectAll().execute()).length;

  it('asks a signed-out caller to sign in, on every call', async () => {
    const visitor = new Visitor(app);
    await visitor.open();
    expect((await visitor.get('/api/notification/count/?filter=unread')).status).toBe(403);
    const listed = await visitor.get(`/api/notification/?${ALL}`);
    expect(listed.status).toBe(403);
    expect(listed.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect((await markRead(visitor)).status).toBe(403);
  });

  it('tells the author of a like, a favourite and a comment, and the followee of a follow, once each', async () => {
    expect(await unread(annV)).toBe(0);
    await benV.post('/api/columns/thumbsup/', { article_slug: 'long-read' });
    await benV.post('/api/columns/thumbsup/', { article_slug: 'long-read' });
    await caiV.post('/api/columns/favorite/', { article_slug: 'long-read' });
    await benV.post('/api/follow/user/', { following_name: 'ann' });
    const comment = await caiV.post('/api/comments/article/long-read/', { text: 'Nice <script>alert(1)</script>' });
    expect(comment.status).toBe(201);
    expect(await unread(annV)).toBe(4);

    const page = await list(annV);
    expect(page.count).toBe(4);
    expect(page.results.map((r) => [r.payload.type, r.payload.source?.object.username])).toEqual([
      ['comment', 'cai'],
      ['follow', 'ben'],
      ['favorite', 'cai'],
      ['thumbsup', 'ben'],
    ]);
    const [commented, followed, , liked] = page.results;
    expect(liked?.payload.target).toEqual({ type: 'Article', object: { slug: 'long-read', title: 'A rather long title of an article about <b>tea</b>' } });
    expect(commented?.payload.result?.object.text).toBe('Nice <script>alert(1)</script>');
    expect(followed?.payload.target).toEqual({ type: 'User', object: { username: 'ann' } });
    expect(page.results.every((r) => r.unread && !Number.isNaN(Date.parse(r.payload.created)))).toBe(true);
  });

  it('tells the author of the comment replied to, never yourself', async () => {
    const top = await annV.post('/api/comments/article/long-read/', { text: 'Thanks for reading' });
    // Ann's own comment, like and favourite on her article tell nobody.
    await annV.post('/api/columns/thumbsup/', { article_slug: 'long-read' });
    await annV.post('/api/comments/article/long-read/', { text: 'Me again', parent: top.body.id });
    expect(await unread(annV)).toBe(4);
    await benV.post('/api/comments/article/long-read/', { text: 'You are welcome', parent: top.body.id });
    const page = await list(annV, 'action=reply_comment');
    expect(page.count).toBe(1);
    expect(page.results[0]?.payload).toMatchObject({
      type: 'reply_comment',
      source: { object: { username: 'ben' } },
      target: { type: 'Article', object: { slug: 'long-read' } },
      result: { object: { text: 'You are welcome' } },
    });
    expect((await annV.post('/api/follow/user/', { following_name: 'ann' })).status).toBe(400);
  });

  it('never shows anyone else’s notifications', async () => {
    expect(await unread(caiV)).toBe(0);
    expect((await list(caiV)).results).toEqual([]);
    expect(await unread(benV)).toBe(0);
    await annV.post('/api/columns/thumbsup/', { article_slug: 'bens-note' });
    const bens = await list(benV);
    expect(bens.results.map((r) => r.payload.type)).toEqual(['thumbsup']);
    // Cai clearing "unread" clears only Cai's.
    expect((await markRead(caiV)).status).toBe(200);
    expect(await unread(annV)).toBe(5);
    expect(await unread(benV)).toBe(1);
  });

  it('filters by action and by unread, and pages with DRF links', async () => {
    expect((await list(annV, 'action=thumbsup&action=favorite')).results.map((r) => r.payload.type)).toEqual(['favorite', 'thumbsup']);
    const first = await list(annV, `${ALL}&page_size=2`);
    expect(first.count).toBe(5);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    const next = new URL(first.next ?? '');
    const second = await list(annV, next.search.slice(1));
    expect(second.results).toHaveLength(2);
    expect(second.results[0]?.id).not.toBe(first.results[1]?.id);
    expect(second.previous).not.toBeNull();
    expect((await list(annV, `${ALL}&filter=unread`)).count).toBe(5);
  });

  it('marks all read with PUT read=true, keeping the list', async () => {
    const res = await markRead(annV);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 5, unread_count: 0 });
    expect(await unread(annV)).toBe(0);
    const page = await list(annV);
    expect(page.count).toBe(5);
    expect(page.results.every((r) => !r.unread)).toBe(true);
    expect((await list(annV, 'filter=unread')).count).toBe(0);
    // A like undone and done again after it was read is news again.
    await benV.post('/api/columns/thumbsup/', { article_slug: 'long-read', cancel: true });
    await benV.post('/api/columns/thumbsup/', { article_slug: 'long-read' });
    expect(await unread(annV)).toBe(1);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const before = await stored();
    const unreadBefore = await unread(annV);
    for (const query of ['action=poke', 'action=thumbsup,<script>', 'filter=all', 'page=0', 'page=abc', 'page_size=10000', `action=${'x'.repeat(300)}`]) {
      const res = await annV.get(`/api/notification/?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await annV.get('/api/notification/count/?filter=read')).status).toBe(400);
    for (const body of [{ read: false }, { read: 'true' }, {}, { read: 1 }]) {
      expect((await markRead(annV, body)).status).toBe(400);
    }
    expect((await markRead(annV, { read: true }, '/api/notification/')).status).toBe(400);
    const malformed = await annV.agent
      .put('/api/notification/?filter=unread')
      .set('X-CSRFToken', annV.csrf)
      .set('Content-Type', 'application/json')
      .send('{"read": tru');
    expect(malformed.status).toBe(400);
    const noCsrf = await annV.agent.put('/api/notification/?filter=unread').send({ read: true });
    expect(noCsrf.status).toBe(403);
    expect(await unread(annV)).toBe(unreadBefore);
    expect(await stored()).toBe(before);
  });

  it('renders nothing sensitive to anonymous callers of the raw API', async () => {
    const res = await request(app).get('/api/notification/count/?filter=unread');
    expect(res.status).toBe(403);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('tells the author of a reply replied to (a reply to a reply), not the thread’s first author', async () => {
    const top = await caiV.post('/api/comments/article/bens-note/', { text: 'Top' });
    const reply = await annV.post('/api/comments/article/bens-note/', { text: 'Ann answers', parent: top.body.id });
    const before = (await list(annV, 'action=reply_comment')).count;
    await benV.post('/api/comments/article/bens-note/', { text: 'Ben answers Ann', parent: reply.body.id });
    const anns = await list(annV, 'action=reply_comment');
    expect(anns.count).toBe(before + 1);
    expect(anns.results[0]?.payload.result?.object.text).toBe('Ben answers Ann');
    expect((await list(caiV, 'action=reply_comment')).results.map((r) => r.payload.result?.object.text)).toEqual(['Ann answers']);
  });

  it('drops a reader’s notifications older than 180 days when the list is next marked read', async () => {
    const [annRow] = await database.db.selectFrom('users').select('id').where('username', '=', 'ann').execute();
    const old = Date.now() - 181 * 24 * 3600_000;
    await database.db
      .insertInto('notifications')
      .values({ recipient_id: annRow?.id ?? 0, actor_id: ben.id, type: 'follow', article_id: null, comment_id: null, created_at: old, read_at: old })
      .execute();
    const oldRows = () => database.db.selectFrom('notifications').select('id').where('created_at', '<=', old).execute();
    expect(await oldRows()).toHaveLength(1);
    expect((await markRead(annV)).status).toBe(200);
    expect(await oldRows()).toHaveLength(0);
  });

  it('hides the actor once banned and the article once in the bin', async () => {
    await database.db.updateTable('users').set({ status: 'banned' }).where('username', '=', 'cai').execute();
    await database.db.updateTable('articles').set({ trashed: 1 }).where('slug', '=', 'bens-note').execute();
    const anns = await list(annV);
    expect(
      anns.results
        .filter((r) => r.payload.source === null)
        .map((r) => r.payload.type)
        .sort(),
    ).toEqual(['comment', 'favorite']);
    const bens = await list(benV);
    expect(bens.results[0]?.payload.target).toBeNull();
  });
});
