import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';

type Listed = { count: number; next: string | null; previous: string | null; results: { id: number }[] };

/** A link as a path the test app answers. */
const local = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

describe('page links that carry where the next page begins', async () => {
  const { app, database } = await testApp();
  const ann = await createPerson(database, 'ann');
  const ben = await createPerson(database, 'ben');
  const articleId = await writeArticle(database, ann.id, 'busy');
  const base = Date.UTC(2026, 0, 1);
  // 47 top-level comments, several written in the same millisecond (the id breaks the tie), and replies.
  for (let i = 0; i < 47; i++) {
    const { id } = await database.db
      .insertInto('comments')
      .values({ article_id: articleId, author_id: ben.id, parent_id: null, text: `c${i}`, created_at: base + Math.floor(i / 3) * 1000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (i % 5 === 0) {
      await database.db
        .insertInto('comments')
        .values({ article_id: articleId, author_id: ann.id, parent_id: id, text: `r${i}`, created_at: base + i * 1000 })
        .execute();
    }
  }
  const get = async (path: string) => (await request(app).get(path).expect(200)).body as Listed;

  it('walks the same rows by links as by page numbers, forwards and back', async () => {
    const byNumber: number[] = [];
    for (let page = 1; page <= 5; page++) byNumber.push(...(await get(`/api/comments/article/busy/?page=${page}&page_size=10`)).results.map((c) => c.id));
    expect(byNumber).toHaveLength(47);

    const byLink: number[] = [];
    const pages: Listed[] = [];
    let link: string | null = '/api/comments/article/busy/?page_size=10';
    while (link) {
      const page: Listed = await get(link);
      pages.push(page);
      byLink.push(...page.results.map((c) => c.id));
      link = page.next && local(page.next);
    }
    expect(byLink).toEqual(byNumber);
    expect(pages.slice(1).every((p) => p.count === 47)).toBe(true);
    // The link back to the first page needs no cursor; the others carry one.
    const params = (link: string | null | undefined) => Object.fromEntries(new URL(link ?? '').searchParams);
    expect(params(pages[1]?.previous)).toEqual({ page: '1', page_size: '10' });
    expect(params(pages[2]?.next)).toEqual({ page: '4', page_size: '10', cursor: expect.stringMatching(/^n\d+\.\d+$/) });
    expect(params(pages[3]?.previous)).toEqual({ page: '3', page_size: '10', cursor: expect.stringMatching(/^p\d+\.\d+$/) });

    const back: number[][] = [];
    let previous = pages[4]?.previous ?? null;
    while (previous) {
      const page: Listed = await get(local(previous));
      back.unshift(page.results.map((c) => c.id));
      previous = page.previous;
    }
    expect(back.flat()).toEqual(byNumber.slice(0, 40));
  });

  it('neither repeats nor skips a row when comments arrive during the walk', async () => {
    const first = await get('/api/comments/article/busy/?page_size=10');
    await database.db
      .insertInto('comments')
      .values({ article_id: articleId, author_id: ben.id, parent_id: null, text: 'new', created_at: Date.now() })
      .execute();
    const second = await get(local(first.next ?? ''));
    const byNumber = await get('/api/comments/article/busy/?page=2&page_size=10');
    // Page 2 by number has moved down by the new comment; the link's page 2 begins after what the reader saw.
    expect(byNumber.results[0]?.id).toBe(first.results[9]?.id);
    expect(second.results[0]?.id).not.toBe(first.results[9]?.id);
    expect(new Set([...first.results, ...second.results].map((c) => c.id)).size).toBe(20);
  });

  it('pages notifications and the public list by their links too', async () => {
    for (let i = 0; i < 25; i++) await writeArticle(database, ann.id, `post-${i}`, { modified_at: base + (i % 4) * 1000 });
    const byLink: number[] = [];
    let link: string | null = '/api/v2/articles/public/?page_size=7';
    while (link) {
      const page: Listed = await get(link);
      byLink.push(...page.results.map((a) => a.id));
      link = page.next && local(page.next);
    }
    const all = await get('/api/v2/articles/public/?page_size=50');
    expect(byLink).toEqual(all.results.map((a) => a.id));

    const reader = new Visitor(app);
    await reader.signIn('ann@example.com', PASSWORD);
    const seen: number[] = [];
    let notices: string | null = '/api/notification/?page_size=4';
    while (notices) {
      const page = (await reader.get(notices)).body as Listed;
      seen.push(...page.results.map((n) => n.id));
      notices = page.next && local(page.next);
    }
    const everything = (await reader.get('/api/notification/?page_size=50')).body as Listed;
    expect(seen).toEqual(everything.results.map((n) => n.id));
  });

  it.each(['cursor=x1.2', 'cursor=n1', 'cursor=n99999999999999999.1', 'cursor=n1.2;drop', 'cursor=p-1.2'])('refuses ?%s with 400', async (query) => {
    const res = await request(app).get(`/api/comments/article/busy/?${query}`).expect(400);
    expect(JSON.stringify(res.body)).toContain('cursor');
  });
});
