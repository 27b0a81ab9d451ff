import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { renameOnFirstPublish } from '../../server/content/articleSlugs';
import type { EditableArticle } from '../../shared/entities';
import { PASSWORD, createPerson } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

const ORIGIN = 'http://zine.example';

// Readable article addresses (docs/decisions/067-booklets-in-lists-and-readable-slugs.md): a first
// publication names the article from its title; the address it had before answers with a 301.
describe('readable article slugs', async () => {
  const { app, database } = await testApp({ config: { publicOrigin: ORIGIN } });
  const { db } = database;
  await createPerson(database, 'ann');
  const ann = new Visitor(app);
  expect((await ann.signIn('ann@example.com', PASSWORD)).status).toBe(200);
  const send = (method: 'post' | 'patch', path: string, body: object) => ann.agent[method](path).set('X-CSRFToken', ann.csrf).send(body);

  async function draft(title: string): Promise<EditableArticle> {
    const res = await send('post', '/api/articles/', { title, content: '<p>Words</p>' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as EditableArticle;
  }
  async function publish(article: EditableArticle, body: object = {}): Promise<EditableArticle> {
    const res = await send('patch', `/api/articles/${article.id}/`, { visibility: 'public', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as EditableArticle;
  }
  const formerSlugs = (id: number) =>
    db
      .selectFrom('article_slugs')
      .select('slug')
      .where('article_id', '=', id)
      .execute()
      .then((rows) => rows.map((r) => r.slug));

  it('names an English article from its title when first published, lower case and ASCII-folded', async () => {
    const article = await draft('My First Article: Crème Brûlée!');
    expect(article.slug).toMatch(/^[a-z0-9]{12}$/);
    const published = await publish(article);
    expect(published.slug).toBe('my-first-article-creme-brulee');
    expect(await formerSlugs(article.id)).toEqual([article.slug]);
    expect((await request(app).get('/api/article/my-first-article-creme-brulee/').expect(200)).body).toMatchObject({ id: article.id });
  });

  it('keeps a Chinese title as readable text, percent-encoded on the wire', async () => {
    const published = await publish(await draft('我的第一篇文章'));
    expect(published.slug).toBe('我的第一篇文章');
    const path = `/article/${encodeURIComponent('我的第一篇文章')}/`;
    const page = await request(app).get(path).expect(200);
    expect(page.text).toContain(`<link rel="canonical" href="${ORIGIN}${path}">`);
    expect((await request(app).get(`/api${path}`).expect(200)).body).toMatchObject({ slug: '我的第一篇文章', title: '我的第一篇文章' });
    // Its comments and its sitemap line take the same address.
    expect((await request(app).get(`/api/comments${path}`)).status).toBe(200);
    const sitemap = await request(app).get('/sitemap-articles-1.xml').expect(200);
    expect(sitemap.text).toContain(`${ORIGIN}${path}`);
  });

  it('makes slugs unique with -2, -3 and never a reserved word', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await publish(await draft('Same Title'))).slug);
    expect(slugs).toEqual(['same-title', 'same-title-2', 'same-title-3']);
    expect((await publish(await draft('Review'))).slug).toBe('review-2');
    // A title that gives no slug keeps the random one; a long one is cut.
    const punctuation = await draft('!!!');
    expect((await publish(punctuation)).slug).toBe(punctuation.slug);
    const long = await publish(await draft('A very long title '.repeat(10)));
    expect(Array.from(long.slug).length).toBeLessThanOrEqual(48);
    expect(long.slug.startsWith('a-very-long-title-a-very-long-title')).toBe(true);
  });

  it('gives two articles of one title published at the same moment each its own slug, never a unique-key failure', async () => {
    const [first, second] = [await draft('Held Together'), await draft('Held Together')];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first publication renames and holds its transaction open while the second renames.
    const firstSlug = db.transaction().execute(async (trx) => {
      const slug = await renameOnFirstPublish(trx, first.id, first.slug, 'Held Together', Date.now());
      await held;
      return slug;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const secondSlug = db.transaction().execute((trx) => renameOnFirstPublish(trx, second.id, second.slug, 'Held Together', Date.now()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(await Promise.all([firstSlug, secondSlug])).toEqual(['held-together', 'held-together-2']);
  });

  it('takes the title sent with the publication, and renames only the first time', async () => {
    const article = await draft('Working title');
    const published = await publish(article, { title: 'Final Title' });
    expect(published.slug).toBe('final-title');
    await send('patch', `/api/articles/${article.id}/`, { visibility: 'private' }).expect(200);
    const again = await publish(article, { title: 'Renamed later' });
    expect(again.slug).toBe('final-title');
    expect(await formerSlugs(article.id)).toEqual([article.slug]);
  });

  it('answers the old random address with a 301 to the new one, keeping the query', async () => {
    const article = await draft('Moved Away');
    const published = await publish(article);
    const moved = await request(app).get(`/article/${article.slug}/?share=abc`).expect(301);
    expect(moved.headers.location).toBe(`/article/${published.slug}/?share=abc`);
    // The API answers the article itself under its old slug; its `slug` names the current address.
    expect((await request(app).get(`/api/article/${article.slug}/`).expect(200)).body).toMatchObject({ id: article.id, slug: 'moved-away' });
    const chinese = await draft('搬家了');
    const chinesePublished = await publish(chinese);
    const redirect = await request(app).get(`/article/${chinese.slug}/`).expect(301);
    expect(redirect.headers.location).toBe(`/article/${encodeURIComponent(chinesePublished.slug)}/`);
  });

  it('keeps a slug that already is what its title gives', async () => {
    const article = await draft('Kept Name');
    await db.updateTable('articles').set({ slug: 'kept-name' }).where('id', '=', article.id).execute();
    expect((await publish({ ...article, slug: 'kept-name' })).slug).toBe('kept-name');
    expect(await formerSlugs(article.id)).toEqual([]);
  });

  it('keeps articles public before the change at the address they had', async () => {
    const article = await draft('Published long ago');
    await db
      .updateTable('articles')
      .set({ published_at: Date.now() - 1000 })
      .where('id', '=', article.id)
      .execute();
    expect((await publish(article)).slug).toBe(article.slug);
  });

  it('answers 404 to slugs that are no slug and to unknown ones, 400 to a broken escape', async () => {
    for (const slug of ['-leading', 'a%20b', '..%2Fetc', 'x'.repeat(65), 'no-such-article']) {
      expect((await request(app).get(`/api/article/${slug}/`)).status, slug).toBe(404);
      expect((await request(app).get(`/article/${slug}/`)).status, slug).toBe(404);
    }
    expect((await request(app).get('/api/article/%E6%88%91%F0/')).status).toBe(400);
    expect((await request(app).get('/article/%E6%88%91%F0/')).status).toBe(400);
  });
});
