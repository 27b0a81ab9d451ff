import type { Kysely } from 'kysely';
import type { ArticleVersionDetail, ArticleVersionSummary } from '../../shared/entities';
import type { ArticleVersionKind, DB, User } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import { plainText, textChanges } from './versionDiff';
import { hasVersions, keepVersion, textsOf, versionText, type VersionedText } from './versionStore';

/** The article's text and state on one side of a save. */
export interface SavedState extends VersionedText {
  wordCount: number;
  public: boolean;
}

export interface SaveRecord {
  articleId: number;
  savedBy: number;
  now: number;
  kind: ArticleVersionKind;
  /** The article before the save, with the time it was last changed. */
  before: SavedState & { modifiedAt: number };
  after: SavedState;
}

/**
 * Keeps the version a save made, in the save's transaction (docs/decisions/071). An article
 * written before versions were kept first gets its text before the save as its oldest version.
 */
export async function recordSave(trx: Kysely<DB>, save: SaveRecord): Promise<void> {
  const { before, after } = save;
  if (!(await hasVersions(trx, save.articleId)) && (before.title !== '' || before.content !== '')) {
    await keepVersion(trx, {
      articleId: save.articleId,
      savedBy: save.savedBy,
      now: before.modifiedAt,
      kind: 'save',
      published: before.public,
      title: before.title,
      content: before.content,
      wordCount: before.wordCount,
    });
  }
  await keepVersion(trx, {
    articleId: save.articleId,
    savedBy: save.savedBy,
    now: save.now,
    kind: save.kind,
    published: after.public,
    title: after.title,
    content: after.content,
    wordCount: after.wordCount,
  });
}

/** Who may see an article's versions: its author, and operators (the moderators) to read only. */
export type VersionReader = 'author' | 'moderator';

/** Refuses anyone but the author (and, reading, an operator) with 403; an article that does not exist is 404. */
export async function versionReader(db: Kysely<DB>, articleId: number, user: User, wantsToWrite: boolean): Promise<VersionReader> {
  const article = await db.selectFrom('articles').select('author_id').where('id', '=', articleId).executeTakeFirst();
  if (!article) throw new DomainError('not_found', 'Not found.');
  if (Number(article.author_id) === user.id) return 'author';
  if (user.role === 'operator' && !wantsToWrite) return 'moderator';
  throw new DomainError('forbidden', 'Only the author sees the versions of an article.');
}

/** The newest versions kept, newest first (thinning keeps the list short; explicit saves pile up the most). */
export const VERSION_LIST_LIMIT = 500;

export async function listVersions(db: Kysely<DB>, articleId: number): Promise<ArticleVersionSummary[]> {
  const rows = await summaries(db, articleId).orderBy('article_versions.id', 'desc').limit(VERSION_LIST_LIMIT).execute();
  return rows.map(summaryOf);
}

/** One version's text and what changed against the version before it or the article's current text. */
export async function versionDetail(db: Kysely<DB>, articleId: number, versionId: number, against: 'previous' | 'current'): Promise<ArticleVersionDetail> {
  const row = await summaries(db, articleId).where('article_versions.id', '=', versionId).executeTakeFirst();
  if (!row) throw new DomainError('not_found', 'Not found.');
  let otherId: number | null = null;
  let other: VersionedText | null = null;
  if (against === 'previous') {
    const before = await db
      .selectFrom('article_versions')
      .select('id')
      .where('article_id', '=', articleId)
      .where('id', '<', versionId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    otherId = before ? Number(before.id) : null;
  } else {
    other = await db.selectFrom('articles').select(['title', 'content']).where('id', '=', articleId).executeTakeFirstOrThrow();
  }
  const texts = await textsOf(db, articleId, otherId === null ? [versionId] : [otherId, versionId]);
  const own = texts.get(versionId);
  if (!own) throw new DomainError('not_found', 'Not found.');
  if (otherId !== null) other = texts.get(otherId) ?? null;
  const text = plainText(own);
  // Read as "what this version added to, or took from, the other side".
  const changes = textChanges(other === null ? '' : plainText(other), text);
  return { version: summaryOf(row), text, against, against_id: otherId, changes };
}

/** A version's text and word count, to put back. */
export async function versionToRestore(db: Kysely<DB>, articleId: number, versionId: number): Promise<VersionedText & { wordCount: number }> {
  const row = await db.selectFrom('article_versions').select('word_count').where('article_id', '=', articleId).where('id', '=', versionId).executeTakeFirst();
  const text = row ? await versionText(db, articleId, versionId) : null;
  if (!row || !text) throw new DomainError('not_found', 'Not found.');
  return { ...text, wordCount: Number(row.word_count) };
}

function summaries(db: Kysely<DB>, articleId: number) {
  return db
    .selectFrom('article_versions')
    .innerJoin('users', 'users.id', 'article_versions.saved_by')
    .select([
      'article_versions.id',
      'article_versions.created_at',
      'article_versions.kind',
      'article_versions.published',
      'article_versions.title',
      'article_versions.word_count',
      'article_versions.content_length',
      'users.username',
    ])
    .where('article_versions.article_id', '=', articleId);
}

function summaryOf(row: {
  id: number;
  created_at: number;
  kind: ArticleVersionKind;
  published: number;
  title: string;
  word_count: number;
  content_length: number;
  username: string;
}): ArticleVersionSummary {
  return {
    id: Number(row.id),
    created: new Date(Number(row.created_at)).toISOString(),
    kind: row.kind,
    published: Number(row.published) === 1,
    title: row.title,
    word_count: Number(row.word_count),
    characters: Number(row.content_length),
    saved_by: row.username,
  };
}
