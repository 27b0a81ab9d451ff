import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createShareCode, revokeShareCode } from '../../server/articles/shareCodes';
import { moderateArticle } from '../../server/content/moderation';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

// Share links: `X-Share-Code` opens a private article while the link lives.
describe('reading through a share link', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  await createPerson(database, 'ben');
  const now = Date.now();
  const ids: Record<string, number> = {};
  for (const [slug, visibility] of [
    ['draft-notes', 'private'],
    ['open-notes', 'public'],
    ['other-draft', 'private'],
  ] as const) {
    ids[slug] = await writeArticle(database, ann.id, slug, { visibility, content: `<p>Secret body of ${slug}.</p>` });
  }
  const idOf = (slug: string) => ids[slug] ?? 0;
  const code = await createShareCode(database.db, idOf('draft-notes'), now);
  const otherCode = await createShareCode(database.db, idOf('other-draft'), now);
  const read = (slug: string, shareCode?: string) => {
    const call = request(app).get(`/api/article/${slug}/`);
    return shareCode === undefined ? call : call.set('X-Share-Code', shareCode);
  };

  it('opens a private article to whoever holds the code, in the API and the page', async () => {
    const api = await read('draft-notes', code).expect(200);
    expect(api.body.content).toContain('Secret body of draft-notes.');
    const page = await request(app).get(`/article/draft-notes/?share=${code}`).set('User-Agent', 'Googlebot/2.1').expect(200);
    expect(page.text).toContain('Secret body of draft-notes.');
    expect(page.text).toContain('<meta name="robots" content="noindex');
    expect(page.headers['x-cache']).toBe('bypass');
    const signedIn = new Visitor(app);
    await signedIn.signIn('ben@example.com', PASSWORD);
    expect((await signedIn.agent.get('/api/article/draft-notes/').set('X-Share-Code', code)).status).toBe(200);
    expect((await signedIn.get('/api/article/draft-notes/')).status).toBe(403);
  });

  it('refuses without the code, with a wrong code, another article’s code or a malformed one', async () => {
    expect((await read('draft-notes').expect(403)).body).toEqual({ detail: 'Private Article' });
    for (const wrong of [otherCode, 'not-a-real-code-123', '<script>alert(1)</script>', 'x'.repeat(5000)]) {
      const res = await read('draft-notes', wrong);
      expect(res.status, wrong.slice(0, 20)).toBe(404);
      expect(res.body).toEqual({ detail: 'Does Not Exist' });
      expect(res.text).not.toContain('Secret body');
    }
    const page = await request(app).get('/article/draft-notes/?share=nope-nope-nope').expect(404);
    expect(page.text).not.toContain('Secret body');
  });

  it('reads as unshared once revoked', async () => {
    const revocable = await createShareCode(database.db, idOf('draft-notes'), now);
    expect((await read('draft-notes', revocable)).status).toBe(200);
    expect(await revokeShareCode(database.db, idOf('draft-notes'), revocable, now)).toBe(true);
    expect((await read('draft-notes', revocable)).body).toEqual({ detail: 'Does Not Exist' });
    expect(await revokeShareCode(database.db, idOf('draft-notes'), revocable, now)).toBe(false);
    // The other link of the same article still works.
    expect((await read('draft-notes', code)).status).toBe(200);
  });

  it('never overrides moderation, and is ignored on public articles', async () => {
    expect((await read('open-notes', 'whatever-code-here')).status).toBe(200);
    await moderateArticle(database.db, 'draft-notes', 'banned', now);
    expect((await read('draft-notes', code)).body).toEqual({ detail: 'Article Banned' });
    await moderateArticle(database.db, 'draft-notes', 'none', now);
    expect((await read('draft-notes', code)).status).toBe(200);
  });
});
