import type { Kysely } from 'kysely';
import { columnPath } from '../../shared/column';
import type { SearchPerson, SearchResult, SearchType } from '../../shared/search';
import { articlePath, bookletPath, chapterPath } from '../../shared/seoMeta';
import type { DB } from '../db/schema';
import { highlighted, snippet } from './highlight';
import { queryTerms, type QueryTerm } from './query';
import { rankMatches } from './rank';

export interface SearchOptions {
  /** The reader's query as typed (validated by the caller: 1 to 100 characters). */
  q: string;
  /** One kind of result, or all three. */
  type?: SearchType;
  page: number;
  pageSize: number;
  now: number;
}

/**
 * Public articles, columns and booklets holding every term of the query: Chinese as substrings,
 * other words by stem, the last one also as a prefix (docs/decisions/055). What anyone may read,
 * as the public lists decide it (`readablePublicArticles()` in server/content/publicArticles.ts,
 * the sitemap's booklets, the column page): an article public, not trashed, not moderated; a
 * booklet out of the trash; its author or owner active, with no lapsed membership. Ranked by
 * server/search/rank.ts, which also counts; then the page's rows and its paid chapters, side by
 * side; then the snippets. (A page past the end counts apart.)
 */
export async function searchPublic(db: Kysely<DB>, options: SearchOptions): Promise<{ count: number; capped: boolean; results: SearchResult[] }> {
  const terms = queryTerms(options.q);
  if (terms.length === 0) return { count: 0, capped: false, results: [] };
  // One pass ranks the matches and counts them; only the page's rows are read in full (below).
  const {
    total,
    capped,
    rows: ranked,
  } = await rankMatches(db, terms, {
    type: options.type,
    limit: options.pageSize,
    offset: (options.page - 1) * options.pageSize,
    now: options.now,
  });
  if (ranked.length === 0) return { count: total, capped, results: [] };
  const rows = await pageRows(
    db,
    options.now,
    ranked.map((row) => Number(row.id)),
  );
  const chapters = await sellingChapters(
    db,
    rows.flatMap((row) => (row.kind === 'article' ? [Number(row.ref_id)] : [])),
  );
  const titleFirst = new Set(ranked.filter((row) => row.in_title).map((row) => Number(row.id)));
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const results = ranked.flatMap((rank): SearchResult[] => {
    const row = byId.get(Number(rank.id));
    return row ? [result(row, terms, titleFirst.has(Number(rank.id)), chapters)] : [];
  });
  return { count: total, capped, results };
}

/** The page's documents with what a result shows, checked once more against the reading rules. */
function pageRows(db: Kysely<DB>, now: number, ids: readonly number[]) {
  return db
    .selectFrom('search_documents as d')
    .innerJoin('users as u', 'u.id', 'd.owner_id')
    .leftJoin('articles as a', (join) => join.onRef('a.id', '=', 'd.ref_id').on('d.kind', '=', 'article'))
    .leftJoin('booklets as b', (join) => join.onRef('b.id', '=', 'd.ref_id').on('d.kind', '=', 'booklet'))
    .select([
      'd.id',
      'd.kind',
      'd.ref_id',
      'd.body_text',
      'a.slug as article_slug',
      'a.title as article_title',
      'a.description as article_description',
      'a.cover_url as article_cover',
      'a.language as article_language',
      'a.created_at as article_created',
      'a.modified_at as article_modified',
      'b.slug as booklet_slug',
      'b.name as booklet_name',
      'b.heading as booklet_heading',
      'b.description as booklet_description',
      'b.cover_url as booklet_cover',
      'b.created_at as booklet_created',
      'b.modified_at as booklet_modified',
      'u.username',
      'u.avatar',
      'u.description as user_description',
      'u.created_at as user_created',
    ])
    .where('d.id', 'in', [...ids])
    .where('u.status', '=', 'active')
    .where((eb) => eb.or([eb('u.membership_tier', 'is', null), eb('u.membership_expires_at', '>', now)]))
    .where((eb) =>
      eb.or([
        eb('d.kind', '=', 'column'),
        eb.and([eb('d.kind', '=', 'article'), eb('a.visibility', '=', 'public'), eb('a.trashed', '=', 0), eb('a.moderation', '=', 'none')]),
        eb.and([eb('d.kind', '=', 'booklet'), eb('b.trashed', '=', 0)]),
      ]),
    )
    .execute();
}

type PageRow = Awaited<ReturnType<typeof pageRows>>[number];

function result(row: PageRow, terms: readonly QueryTerm[], titleFirst: boolean, chapters: ReadonlyMap<number, { path: string }>): SearchResult {
  const person: SearchPerson = { username: row.username, avatar: row.avatar, column: columnPath(row.username) };
  const text = snippet(row.body_text, terms, titleFirst);
  if (row.kind === 'article') {
    const title = row.article_title ?? '';
    const chapter = chapters.get(Number(row.ref_id));
    return {
      type: 'article',
      path: chapter ? chapter.path : articlePath(row.article_slug ?? ''),
      title_html: highlighted(title, terms),
      snippet: text,
      created: iso(row.article_created),
      modified: iso(row.article_modified),
      slug: row.article_slug ?? '',
      title,
      description: chapter ? '' : (row.article_description ?? ''),
      cover_url: row.article_cover ?? '',
      language: row.article_language ?? '',
      author: person,
      paid: chapter !== undefined,
    };
  }
  if (row.kind === 'booklet') {
    const name = row.booklet_name ?? '';
    return {
      type: 'booklet',
      path: bookletPath(row.booklet_slug ?? ''),
      title_html: highlighted(name, terms),
      snippet: text,
      created: iso(row.booklet_created),
      modified: iso(row.booklet_modified),
      slug: row.booklet_slug ?? '',
      name,
      heading: row.booklet_heading ?? '',
      description: row.booklet_description ?? '',
      cover_url: row.booklet_cover ?? '',
      owner: person,
    };
  }
  return {
    type: 'column',
    path: person.column,
    title_html: highlighted(row.username, terms),
    snippet: text,
    created: iso(row.user_created),
    modified: iso(row.user_created),
    username: row.username,
    avatar: row.avatar,
    description: row.user_description,
  };
}

/**
 * Of these articles, the paid chapters, each with the chapter's place in the booklet that sells
 * it (the first out of the trash, as `lockingBooklet()` orders them), else its article page.
 */
async function sellingChapters(db: Kysely<DB>, articleIds: readonly number[]): Promise<Map<number, { path: string }>> {
  const chapters = new Map<number, { path: string }>();
  if (articleIds.length === 0) return chapters;
  const rows = await db
    .selectFrom('booklet_items')
    .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
    .innerJoin('articles', 'articles.id', 'booklet_items.article_id')
    .select(['booklet_items.article_id', 'booklet_items.slug as chapter', 'booklets.slug', 'booklets.trashed', 'articles.slug as article_slug'])
    .where('booklet_items.article_id', 'in', [...articleIds])
    .where('booklet_items.sales_mode', '=', 'payment_required')
    .where('booklets.price_cents', '>', 0)
    .orderBy('booklets.trashed')
    .orderBy('booklets.id')
    .execute();
  for (const row of rows) {
    const id = Number(row.article_id);
    if (chapters.has(id)) continue;
    chapters.set(id, { path: Number(row.trashed) === 0 ? chapterPath(row.slug, row.chapter) : articlePath(row.article_slug) });
  }
  return chapters;
}

function iso(time: number | null): string {
  return new Date(Number(time ?? 0)).toISOString();
}
