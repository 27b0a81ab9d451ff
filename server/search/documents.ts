import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, SearchKind } from '../db/schema';
import { kindTag, ownerTag } from './query';
import { htmlText } from './text';
import { fieldTokens } from './tokens';

/**
 * What the index holds of an article, booklet or column (docs/decisions/055): the row of
 * `search_documents` and the tokens of its four fields. An article's and a booklet's `author`
 * field is its author's or owner's username, so a name finds their work; a column's is the
 * username too. A paid chapter's text never enters (decision 007): its title alone.
 */

/** Bump when the tokens change (server/search/text.ts, tokens.ts): `ensureSearchIndex()` then builds the index anew. */
export const INDEX_FORMAT = 2;
/** Snippets come from the first this many characters of a text. */
const MAX_BODY_TEXT = 50_000;

export interface SearchDocument {
  kind: SearchKind;
  ref_id: number;
  owner_id: number;
  slug: string;
  sort_at: number;
  version: string;
  body_text: string;
  tokens: DocumentTokens;
}

export interface DocumentTokens {
  title: string[];
  body: string[];
  author: string[];
  tags: string[];
}

// The rows documents are made of.

export function articleRows(db: Kysely<DB>) {
  return db
    .selectFrom('articles')
    .innerJoin('users', 'users.id', 'articles.author_id')
    .select([
      'articles.id',
      'articles.slug',
      'articles.author_id',
      'users.username',
      'articles.title',
      'articles.description',
      'articles.content',
      'articles.visibility',
      'articles.moderation',
      'articles.trashed',
      'articles.modified_at',
    ]);
}

export type ArticleRow = Awaited<ReturnType<ReturnType<typeof articleRows>['executeTakeFirstOrThrow']>>;

export function bookletRows(db: Kysely<DB>) {
  return db
    .selectFrom('booklets')
    .innerJoin('users', 'users.id', 'booklets.owner_id')
    .select([
      'booklets.id',
      'booklets.slug',
      'booklets.owner_id',
      'users.username',
      'booklets.name',
      'booklets.heading',
      'booklets.description',
      'booklets.trashed',
      'booklets.modified_at',
    ]);
}

export type BookletRow = Awaited<ReturnType<ReturnType<typeof bookletRows>['executeTakeFirstOrThrow']>>;

export function columnRows(db: Kysely<DB>) {
  return db.selectFrom('users').select(['id', 'username', 'description', 'status', 'created_at']);
}

export type ColumnRow = Awaited<ReturnType<ReturnType<typeof columnRows>['executeTakeFirstOrThrow']>>;

/** The article's own state lets anyone read it (its author's is checked at query time). */
export function searchable(row: ArticleRow): boolean {
  return row.visibility === 'public' && Number(row.trashed) === 0 && row.moderation === 'none';
}

// Documents.

export function articleDocument(row: ArticleRow, paid: boolean): SearchDocument {
  const body = paid ? '' : joined(row.description, htmlText(row.content));
  return document('article', row.id, row.author_id, row.slug, row.title, body, row.username, Number(row.modified_at), [
    row.title,
    row.description,
    row.content,
    paid ? 'paid' : 'free',
  ]);
}

export function bookletDocument(row: BookletRow): SearchDocument {
  const body = joined(row.heading, row.description);
  return document('booklet', row.id, row.owner_id, row.slug, row.name, body, row.username, Number(row.modified_at), [row.name, row.heading, row.description]);
}

export function columnDocument(row: ColumnRow): SearchDocument {
  return document('column', row.id, row.id, row.username, row.username, row.description, row.username, Number(row.created_at), [row.description]);
}

function document(
  kind: SearchKind,
  id: number,
  ownerId: number,
  slug: string,
  title: string,
  body: string,
  author: string,
  sortAt: number,
  sources: string[],
): SearchDocument {
  return {
    kind,
    ref_id: Number(id),
    owner_id: Number(ownerId),
    slug,
    sort_at: sortAt,
    version: version([slug, author, String(sortAt), ...sources]),
    body_text: cut(body, MAX_BODY_TEXT),
    tokens: { title: fieldTokens(title), body: fieldTokens(body), author: fieldTokens(author), tags: [kindTag(kind), ownerTag(Number(ownerId))] },
  };
}

/** The format, then a hash of the sources: a save that changed nothing indexed (a comment, a like) is not indexed again. */
function version(sources: readonly string[]): string {
  const hash = createHash('sha256');
  for (const source of sources) hash.update(source).update('\u0000');
  return `${INDEX_FORMAT}:${hash.digest('base64url')}`;
}

function joined(...parts: string[]): string {
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  // Never end on the first half of a surrogate pair.
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
