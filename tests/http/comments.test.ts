import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { writeArticle, writtenAt } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

describe('comments', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  const now = Date.now();
  for (const [slug, visibility] of [
    ['talk', 'public'],
    ['hidden', 'private'],
  ] as const) {
    await writeArticle(database, ann.id, slug, { title: slug, visibility, ...writtenAt(now) });
  }
  const ben = new Visitor(app);
  await ben.signIn('ben@example.com', PASSWORD);
  const stored = async () => (await database.db.selectFrom('comments').selectAll().execute()).length;

  it('posts a comment and a reply, and lists them with the replies inside', async () => {
    const first = await ben.post('/api/comments/article/talk/', { text: 'First! <script>alert(1)</script>' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ text: 'First! <script>alert(1)</script>', author: { username: 'ben' }, replies: [] });
    const reply = await ben.post('/api/comments/article/talk/', { text: 'A reply', parent: first.body.id });
    expect(reply.status).toBe(201);
    const replyToReply = await ben.post('/api/comments/article/talk/', { text: 'Deeper', parent: reply.body.id });
    expect(replyToReply.status).toBe(201);
    const list = await request(app).get('/api/comments/article/talk/').expect(200);
    expect(list.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.body.results[0].replies.map((r: { text: string }) => r.text)).toEqual(['A reply', 'Deeper']);
  });

  it('pages through comments with next links', async () => {
    for (let i = 0; i < 21; i++) await ben.post('/api/comments/article/talk/', { text: `note ${i}` });
    const first = await request(app).get('/api/comments/article/talk/').expect(200);
    expect(first.body.count).toBe(22);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.results[0].text).toBe('note 20');
    const next = new URL(first.body.next);
    const second = await request(app)
      .get(next.pathname + next.search)
      .expect(200);
    expect(second.body.results).toHaveLength(2);
  });

  it('refuses signed-out posts, bad bodies, hidden articles and foreign parents, storing nothing', async () => {
    const before = await stored();
    const anonymous = new Visitor(app);
    await anonymous.open();
    expect((await anonymous.post('/api/comments/article/talk/', { text: 'hi' })).status).toBe(403);
    expect((await ben.post('/api/comments/article/talk/', { text: '' })).body).toEqual({ text: ['A comment cannot be empty.'] });
    expect((await ben.post('/api/comments/article/talk/', { text: 'x'.repeat(141) })).body).toEqual({ text: ['A comment has at most 140 characters.'] });
    expect((await ben.post('/api/comments/article/talk/', { text: 42 })).status).toBe(400);
    expect((await ben.post('/api/comments/article/talk/', { text: 'hi', parent: 999999 })).body).toEqual({ parent: ['No such comment on this article.'] });
    expect((await ben.post('/api/comments/article/hidden/', { text: 'hi' })).body).toEqual({ detail: 'Private Article' });
    expect((await ben.post('/api/comments/article/nope/', { text: 'hi' })).status).toBe(404);
    expect((await request(app).get('/api/comments/article/hidden/')).status).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('counts top-level comments in the article, and the cached page shows the new count on the next read', async () => {
    const count = (await request(app).get('/api/comments/article/talk/').expect(200)).body.count as number;
    expect((await request(app).get('/api/article/talk/').expect(200)).body.comment_count).toBe(count);
    // One Host for every read: without PUBLIC_ORIGIN the origin is part of the cache key.
    const read = () => request(app).get('/article/talk/').set('Host', 'zine.test').expect(200);
    const before = await read();
    expect(before.text).toContain(`Comments (${count})`);
    expect((await read()).headers['x-cache']).toBe('hit');
    await ben.post('/api/comments/article/talk/', { text: 'One more' });
    const after = await read();
    expect(after.text).toContain(`Comments (${count + 1})`);
  });

  it('counts characters as readers do: 140 emoji pass, 141 do not', async () => {
    expect((await ben.post('/api/comments/article/talk/', { text: '🙂'.repeat(140) })).status).toBe(201);
    expect((await ben.post('/api/comments/article/talk/', { text: '🙂'.repeat(141) })).body).toEqual({ text: ['A comment has at most 140 characters.'] });
  });

  it('answers 4xx, never 500, to NUL characters, huge ids, odd slugs and wrong types, storing nothing', async () => {
    const before = await stored();
    expect((await ben.post('/api/comments/article/talk/', { text: 'a\u0000b' })).status).toBe(400);
    expect((await ben.post('/api/comments/article/talk/', { text: 'hi', parent: 3_000_000_000 })).status).toBe(400);
    expect((await ben.post('/api/comments/article/talk/', { text: 'hi', parent: 1.5 })).status).toBe(400);
    expect((await ben.post('/api/comments/article/talk/', { text: ['hi'] })).body).toEqual({ text: ['Invalid input: expected string, received array'] });
    expect((await ben.post('/api/comments/article/talk/', {})).body).toEqual({ text: ['This field is required.'] });
    expect((await request(app).get('/api/comments/article/%00/')).status).toBe(400);
    expect((await request(app).get('/api/comments/article/no%20such%20slug!/')).body).toEqual({ detail: 'Does Not Exist' });
    expect((await request(app).get('/api/comments/article/talk/?page=%00')).status).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('accepts exactly 140 characters, Chinese included', async () => {
    expect((await ben.post('/api/comments/article/talk/', { text: '好'.repeat(140) })).status).toBe(201);
  });
});
