import type { Kysely } from 'kysely';
import type { ArticleVersionKind, DB } from '../db/schema';
import { applyChange, changeBetween, decodeFull, encodeChange, encodeFull } from './versionCodec';
import { versionsToThin } from './versionThinning';

/**
 * A change is stored against the version before it; a version is stored whole again once the
 * changes since the last whole one weigh more than it, or after this many changes, so reading
 * any version replays at most this many (docs/decisions/071).
 */
export const MAX_CHAIN = 200;

/** The text a version keeps. */
export interface VersionedText {
  title: string;
  content: string;
}

export interface NewVersion extends VersionedText {
  articleId: number;
  savedBy: number;
  now: number;
  kind: ArticleVersionKind;
  published: boolean;
  wordCount: number;
}

interface ChainRow {
  id: number;
  full: number;
  body: Uint8Array;
  title: string;
}

/**
 * Keeps a version of an article's text in the caller's transaction, unless nothing changed since
 * the last one (a publication or a restore is kept even then: the list shows it), then thins the
 * article's autosaves.
 */
export async function keepVersion(trx: Kysely<DB>, version: NewVersion): Promise<void> {
  const latest = await latestChain(trx, version.articleId);
  const previous = latest.length > 0 ? replay(latest) : null;
  const unchanged = previous !== null && previous.title === version.title && previous.content === version.content;
  if (unchanged && version.kind !== 'publish' && version.kind !== 'restore') return;

  const body = bodyFor(latest, previous?.content ?? null, version.content);
  await trx
    .insertInto('article_versions')
    .values({
      article_id: version.articleId,
      saved_by: version.savedBy,
      created_at: version.now,
      kind: version.kind,
      published: version.published ? 1 : 0,
      title: version.title,
      word_count: version.wordCount,
      content_length: version.content.length,
      full: body.full ? 1 : 0,
      body: body.bytes,
      body_size: body.bytes.length,
    })
    .execute();
  await thinVersions(trx, version.articleId, version.now);
}

/** Whether an article has any version yet (one written before versions were kept has none). */
export async function hasVersions(db: Kysely<DB>, articleId: number): Promise<boolean> {
  const row = await db.selectFrom('article_versions').select('id').where('article_id', '=', articleId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The text of one version, or null when the article has no such version. */
export async function versionText(db: Kysely<DB>, articleId: number, versionId: number): Promise<VersionedText | null> {
  const texts = await textsOf(db, articleId, [versionId]);
  return texts.get(versionId) ?? null;
}

/** The texts of some versions of one article, replaying from the last whole version before the first of them. */
export async function textsOf(db: Kysely<DB>, articleId: number, ids: readonly number[]): Promise<Map<number, VersionedText>> {
  const texts = new Map<number, VersionedText>();
  if (ids.length === 0) return texts;
  const first = Math.min(...ids);
  const last = Math.max(...ids);
  const start = await db
    .selectFrom('article_versions')
    .select('id')
    .where('article_id', '=', articleId)
    .where('id', '<=', first)
    .where('full', '=', 1)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!start) return texts;
  const rows = await db
    .selectFrom('article_versions')
    .select(['id', 'full', 'body', 'title'])
    .where('article_id', '=', articleId)
    .where('id', '>=', start.id)
    .where('id', '<=', last)
    .orderBy('id')
    .execute();
  const wanted = new Set(ids);
  let content = '';
  for (const row of rows) {
    content = Number(row.full) === 1 ? decodeFull(row.body) : applyChange(content, row.body);
    const id = Number(row.id);
    if (wanted.has(id)) texts.set(id, { title: row.title, content });
  }
  return texts;
}

/** The newest version back to the whole one it replays from, oldest first (at most MAX_CHAIN + 1 rows). */
async function latestChain(db: Kysely<DB>, articleId: number): Promise<ChainRow[]> {
  const rows = await db
    .selectFrom('article_versions')
    .select(['id', 'full', 'body', 'title'])
    .where('article_id', '=', articleId)
    .orderBy('id', 'desc')
    .limit(MAX_CHAIN + 1)
    .execute();
  const fullAt = rows.findIndex((row) => Number(row.full) === 1);
  if (fullAt < 0) return [];
  return rows
    .slice(0, fullAt + 1)
    .reverse()
    .map((row) => ({ id: Number(row.id), full: Number(row.full), body: row.body, title: row.title }));
}

function replay(chain: readonly ChainRow[]): VersionedText {
  let content = '';
  for (const row of chain) content = row.full === 1 ? decodeFull(row.body) : applyChange(content, row.body);
  return { title: chain[chain.length - 1]?.title ?? '', content };
}

/** A change against the previous text while the chain stays short and lighter than a whole copy; else the whole text. */
function bodyFor(chain: readonly ChainRow[], previous: string | null, content: string): { full: boolean; bytes: Buffer } {
  if (previous === null || chain.length >= MAX_CHAIN) return { full: true, bytes: encodeFull(content) };
  const change = encodeChange(changeBetween(previous, content));
  const [whole, ...changes] = chain;
  const chainBytes = changes.reduce((sum, row) => sum + row.body.length, 0);
  if (whole && chainBytes + change.length <= whole.body.length) return { full: false, bytes: change };
  return { full: true, bytes: encodeFull(content) };
}

/**
 * Drops the autosaves thinning lets go (server/content/versionThinning.ts). A version whose
 * predecessor goes is stored again against the version now before it, so every chain still replays.
 */
export async function thinVersions(db: Kysely<DB>, articleId: number, now: number): Promise<number> {
  const rows = await db
    .selectFrom('article_versions')
    .select(['id', 'created_at', 'kind', 'published', 'full'])
    .where('article_id', '=', articleId)
    .orderBy('id')
    .execute();
  const facts = rows.map((row) => ({ id: Number(row.id), created_at: Number(row.created_at), kind: row.kind, published: Number(row.published) === 1 }));
  const drop = new Set(versionsToThin(facts, now));
  if (drop.size === 0) return 0;

  // Each kept version right after a dropped one, with the kept version now before it (if any).
  const rebase: { id: number; base: number | null }[] = [];
  // One whose dropped predecessors included a whole version is stored whole: chains stay within MAX_CHAIN.
  let lastKept: number | null = null;
  let previousDropped = false;
  let droppedWhole = false;
  for (const row of rows) {
    const id = Number(row.id);
    if (drop.has(id)) {
      previousDropped = true;
      droppedWhole ||= Number(row.full) === 1;
      continue;
    }
    if (previousDropped && Number(row.full) !== 1) rebase.push({ id, base: droppedWhole ? null : lastKept });
    previousDropped = false;
    droppedWhole = false;
    lastKept = id;
  }
  const needed = rebase.flatMap((r) => (r.base === null ? [r.id] : [r.id, r.base]));
  const texts = await textsOf(db, articleId, needed);

  await db
    .deleteFrom('article_versions')
    .where('article_id', '=', articleId)
    .where('id', 'in', [...drop])
    .execute();
  for (const { id, base } of rebase) {
    const content = texts.get(id)?.content ?? '';
    const baseContent = base === null ? null : (texts.get(base)?.content ?? null);
    const { full, bytes } =
      baseContent === null ? { full: true, bytes: encodeFull(content) } : lighter(encodeChange(changeBetween(baseContent, content)), content);
    await db
      .updateTable('article_versions')
      .set({ full: full ? 1 : 0, body: bytes, body_size: bytes.length })
      .where('id', '=', id)
      .execute();
  }
  return drop.size;
}

/** A change, or the whole text when that is lighter. */
function lighter(change: Buffer, content: string): { full: boolean; bytes: Buffer } {
  if (change.length <= 1024) return { full: false, bytes: change };
  const whole = encodeFull(content);
  return whole.length < change.length ? { full: true, bytes: whole } : { full: false, bytes: change };
}
