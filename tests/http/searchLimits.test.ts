import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../server/search/indexer';
import { queryTerms } from '../../server/search/query';
import { rankMatches, type RankOptions } from '../../server/search/rank';
import type { SearchPage } from '../../shared/search';
import { writeArticle, writtenAt } from '../support/articles';
import { createPerson } from '../support/people';
import { testApp } from '../support/testApp';
import { testEngine } from '../support/testDatabase';

// The bounds that keep a common word's search cheap on a large site (docs/decisions/055, "Amended"):
// the count stops at SEARCH_MAX_RESULTS, and on SQLite a term held by too many documents does not score.
describe('search limits: a capped count, and common terms left out of scoring', async () => {
  const { app, database } = await testApp({ deps: { limits: { signIn: 50, reset: 5, search: 10_000 } } });
  const { db } = database;
  const ann = await createPerson(database, 'ann');
  const now = Date.now();
  let age = 0;
  /** Articles written one minute apart, each newer than the one before. */
  const article = async (slug: string, title: string, content: string) => {
    age += 1;
    await writeArticle(database, ann.id, slug, { title, content: `<p>${content}</p>`, language: 'en', ...writtenAt(now - 3_600_000 + age * 60_000) });
  };
  // Every article holds "river"; "stone" is rarer, and "dense" holds it most often for its length.
  await article('dense', 'Notes', 'The river and the stone, stone on stone, stone.');
  await article('plain-1', 'Morning', 'A river runs by the town and past the mill.');
  await article('sparse', 'Evening', 'The river is wide; somewhere a stone, and then the long road home by the water.');
  await article('plain-2', 'Weather', 'Rain on the river again today, and the bridge was closed.');
  await article('titled', 'River Days', 'Walking by the water.');
  await article('plain-3', 'Market', 'Boats on the river bring fish to market.');
  await rebuildSearchIndex(db);

  const rank = async (q: string, options: Partial<RankOptions> = {}) => {
    const ranked = await rankMatches(db, queryTerms(q), { limit: 20, offset: 0, now: Date.now(), ...options });
    const slugs = await db
      .selectFrom('search_documents')
      .select(['id', 'slug'])
      .where('id', 'in', ranked.rows.length > 0 ? ranked.rows.map((row) => row.id) : [0])
      .execute();
    const slugOf = new Map(slugs.map((row) => [Number(row.id), row.slug]));
    return { total: ranked.total, capped: ranked.capped, slugs: ranked.rows.map((row) => slugOf.get(row.id)) };
  };

  it('counts up to the cap, says when more match, and pages no further than it', async () => {
    expect(await rank('river')).toMatchObject({ total: 6, capped: false });
    const capped = await rank('river', { maxResults: 4 });
    expect(capped).toMatchObject({ total: 4, capped: true });
    expect(capped.slugs).toHaveLength(4);
    // The title match first, then the newest: the same first four as without the cap.
    expect(capped.slugs).toEqual((await rank('river')).slugs.slice(0, 4));
    expect((await rank('river', { maxResults: 4, offset: 3, limit: 5 })).slugs).toHaveLength(1);
    expect((await rank('river', { maxResults: 4, offset: 4 })).slugs).toEqual([]);
    expect(await rank('river stone', { maxResults: 1 })).toMatchObject({ total: 1, capped: true });
    expect(await rank('river stone', { maxResults: 2 })).toMatchObject({ total: 2, capped: false });
  });

  it('answers the API with count_capped', async () => {
    const res = await request(app).get('/api/search/').query({ q: 'river', type: 'article' });
    expect(res.status).toBe(200);
    const page = res.body as SearchPage;
    expect(page.count).toBe(6);
    expect(page.count_capped).toBe(false);
  });

  it('ranks by the rare term when the common one may not score, and by tiers and recency when none may', async () => {
    // Relevance by both terms: the densest holder of "stone" first.
    expect((await rank('river stone')).slugs).toEqual(['dense', 'sparse']);
    // "river" (6 documents) over the limit of 3: "stone" (2 documents) alone scores, to the same order.
    expect((await rank('river stone', { scoredTermLimit: 3 })).slugs).toEqual(['dense', 'sparse']);
    if (testEngine() === 'sqlite') {
      // No term may score: the title match first, then the newest first.
      expect((await rank('river', { scoredTermLimit: 3 })).slugs).toEqual(['titled', 'plain-3', 'plain-2', 'sparse', 'plain-1', 'dense']);
      expect((await rank('stone river', { scoredTermLimit: 1 })).slugs).toEqual(['sparse', 'dense']);
    }
  });
});
