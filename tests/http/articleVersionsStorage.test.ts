import { describe, expect, it } from 'vitest';
import { keepVersion, textsOf, thinVersions } from '../../server/content/versionStore';
import { writeArticle } from '../support/articles';
import { createPerson } from '../support/people';
import { testDatabase } from '../support/testDatabase';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const SPACING = 3500;

/** A seeded generator, so the measured figure is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Words of 1 to 4 syllables from a few hundred: text that compresses about as well as prose. */
function wordsFrom(next: () => number) {
  const onsets = ['b', 'c', 'd', 'f', 'g', 'h', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'st', 'tr', 'ch', 'sh', 'th', ''];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ea', 'ou', 'ai'];
  const codas = ['', '', 'n', 'r', 's', 't', 'nd', 'ng', 'll'];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] ?? list[0] ?? ('' as T);
  const vocabulary = Array.from({ length: 3000 }, () =>
    Array.from({ length: 1 + Math.floor(next() * next() * 4) }, () => pick(onsets) + pick(vowels) + pick(codas)).join(''),
  );
  return () => pick(vocabulary);
}

// docs/decisions/071: 1,000 autosaves of a 10,000-word article cost at most five times the article.
describe('the storage of article versions', async () => {
  const database = await testDatabase();
  const db = database.db;
  const author = await createPerson(database, 'ann');

  /** 1,000 autosaves `spacing` ms apart, each a few words added or changed in one paragraph. */
  async function autosaves(slug: string, spacing: number) {
    const next = random(71);
    const word = wordsFrom(next);
    const paragraphs = Array.from({ length: 100 }, () => Array.from({ length: 100 }, word));
    const html = () => paragraphs.map((p) => `<p>${p.join(' ')}</p>`).join('');
    const articleId = await writeArticle(database, author.id, slug, { visibility: 'private' });
    const start = Date.UTC(2026, 10, 1);
    const written = new Map<number, string>();
    let elapsed = 0;
    for (let save = 0; save < 1000; save++) {
      const paragraph = paragraphs[Math.floor(next() * paragraphs.length)] ?? [];
      const at = Math.floor(next() * paragraph.length);
      if (next() < 0.5) paragraph.splice(at, 1, word());
      else paragraph.splice(at, 0, word(), word(), word());
      elapsed += spacing;
      const content = html();
      await db.transaction().execute((trx) =>
        keepVersion(trx, {
          articleId,
          savedBy: author.id,
          now: start + elapsed,
          kind: 'autosave',
          published: false,
          title: 'The long one',
          content,
          wordCount: 10_000,
        }),
      );
      written.set(save, content);
    }
    const finalText = html();
    const rows = await db
      .selectFrom('article_versions')
      .select(['id', 'body_size', 'title', 'full'])
      .where('article_id', '=', articleId)
      .orderBy('id')
      .execute();
    // What a row costs besides its body and title: 9 numbers and the row's own header, generously.
    const stored = rows.reduce((sum, row) => sum + Number(row.body_size) + Buffer.byteLength(row.title) + 96, 0);
    const articleBytes = Buffer.byteLength(finalText);
    const ratio = stored / articleBytes;
    console.info(
      `1,000 autosaves ${spacing} ms apart of ${articleBytes} bytes: ${rows.length} versions kept, ${rows.filter((r) => Number(r.full) === 1).length} whole, ${stored} bytes = ${ratio.toFixed(2)}x`,
    );
    return { articleId, start, elapsed, written, finalText, rows, articleBytes, ratio };
  }

  it('keeps 1,000 autosaves of a 10,000-word article in under 5 times its size even when none is thinned, every version replaying to its text', async () => {
    // All 1,000 within the hour thinning keeps whole: the worst case.
    const { articleId, start, elapsed, written, finalText, rows, articleBytes, ratio } = await autosaves('long-one', SPACING);
    expect(articleBytes).toBeGreaterThan(50_000);
    expect(ratio).toBeLessThan(5);

    const ids = rows.map((row) => Number(row.id));
    const texts = await textsOf(db, articleId, ids);
    expect(texts.get(ids[ids.length - 1] ?? 0)?.content).toBe(finalText);
    expect(rows).toHaveLength(1000);
    for (let back = 1; back <= 1000; back += 37) {
      expect(texts.get(ids[ids.length - back] ?? 0)?.content).toBe(written.get(1000 - back));
    }

    // A day and a half later: one an hour for the last day, the rest thinned, every chain still whole.
    const later = start + elapsed + 36 * HOUR;
    await db.transaction().execute((trx) => thinVersions(trx, articleId, later));
    const kept = await db.selectFrom('article_versions').select(['id', 'created_at']).where('article_id', '=', articleId).orderBy('id').execute();
    const hours = new Set(kept.map((row) => Math.floor(Number(row.created_at) / HOUR)));
    expect(kept.length).toBe(hours.size);
    expect(kept.length).toBeLessThanOrEqual(3);
    const afterThinning = await textsOf(
      db,
      articleId,
      kept.map((row) => Number(row.id)),
    );
    expect(afterThinning.get(Number(kept[kept.length - 1]?.id))?.content).toBe(finalText);
    for (const row of kept) expect(afterThinning.get(Number(row.id))?.content).toBe(written.get((Number(row.created_at) - start) / SPACING - 1));
    expect(later - start).toBeLessThan(2 * DAY);
  }, 120_000);

  it('thins 1,000 autosaves 7 s apart (the editor’s delay) to the last hour and one an hour before it', async () => {
    const { articleId, finalText, rows, ratio } = await autosaves('long-two', 7000);
    expect(ratio).toBeLessThan(5);
    const hours = Math.ceil((7000 * 1000) / HOUR);
    expect(rows.length).toBeGreaterThan(HOUR / 7000 - 1);
    expect(rows.length).toBeLessThanOrEqual(HOUR / 7000 + hours + 1);
    const last = Number(rows[rows.length - 1]?.id);
    expect((await textsOf(db, articleId, [last])).get(last)?.content).toBe(finalText);
  }, 120_000);
});
