import { sql, type Kysely } from 'kysely';
import { columnPath } from '../../shared/column';
import { articlePath, bookletPath } from '../../shared/seoMeta';
import { fixedIndexablePaths } from '../../client/routing/pageModules';
import { paidChapters } from '../content/paywall';
import { openArticles, readableAuthor, readableCount, unreadableAuthors } from '../content/publicArticles';
import type { DB } from '../db/schema';

/** One `<url>` of a sitemap: a path on the site and when it last changed (epoch ms). */
export interface SitemapUrl {
  path: string;
  lastmod?: number;
}

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** What `/sitemap.xml` is: every URL in one file, or (past the limit) an index of numbered files. */
export type SitemapRoot = { kind: 'urls'; urls: SitemapUrl[] } | { kind: 'index'; files: string[] };

/** The pages without params that search engines may index (client/routing/pageModules.ts). */
const FIXED_PATHS = fixedIndexablePaths();

/**
 * The pages a search engine may index: the declared pages without params, every column
 * with a public article, every public booklet overview, and every article an anonymous
 * reader may read (public, not trashed, not moderated, author active and not expired).
 * Paid booklet chapters appear only through their booklet, never as articles.
 *
 * Articles are read from one index that holds every column a line needs (articles_sitemap,
 * migration 029), the authors who may not be read and the paid chapters taken out by
 * lookups in small sets: a file of 50,000 lines never reads an article's row (docs/decisions/055).
 */
export async function sitemapRoot(db: Kysely<DB>, now: number, maxUrls = SITEMAP_MAX_URLS): Promise<SitemapRoot> {
  const [articles, pages] = await Promise.all([countArticles(db, now), sitePages(db, now, maxUrls)]);
  if (articles + pages.length <= maxUrls) {
    return { kind: 'urls', urls: [...pages, ...(await articleUrls(db, now, 0, maxUrls))] };
  }
  const articleFiles = Math.ceil(articles / maxUrls);
  return { kind: 'index', files: ['/sitemap-pages.xml', ...Array.from({ length: articleFiles }, (_, i) => `/sitemap-articles-${i + 1}.xml`)] };
}

/** `/sitemap-pages.xml`: everything but the articles, at most `maxUrls`. */
export function sitePages(db: Kysely<DB>, now: number, maxUrls = SITEMAP_MAX_URLS): Promise<SitemapUrl[]> {
  return Promise.all([columnUrls(db, now, maxUrls), bookletUrls(db, now, maxUrls)]).then(([columns, booklets]) =>
    [...FIXED_PATHS.map((path) => ({ path })), ...columns, ...booklets].slice(0, maxUrls),
  );
}

/** `/sitemap-articles-{n}.xml`: the n-th (from 1) file of readable articles, oldest first; null past the end. */
export async function articleFile(db: Kysely<DB>, now: number, n: number, maxUrls = SITEMAP_MAX_URLS): Promise<SitemapUrl[] | null> {
  if (!Number.isSafeInteger(n) || n < 1) return null;
  const total = await countArticles(db, now);
  if ((n - 1) * maxUrls >= total) return null;
  return articleUrls(db, now, (n - 1) * maxUrls, maxUrls);
}

function sitemapArticles(db: Kysely<DB>, now: number) {
  return openArticles(db).where('articles.author_id', 'not in', unreadableAuthors(db, now)).where('articles.id', 'not in', paidChapters(db));
}

/** Every readable article less the readable paid chapters: the authors' kept counts and the few chapters, not a walk of the articles. */
async function countArticles(db: Kysely<DB>, now: number): Promise<number> {
  const [readable, chapters] = await Promise.all([
    readableCount(db, now),
    openArticles(db)
      .where('articles.author_id', 'not in', unreadableAuthors(db, now))
      .where('articles.id', 'in', paidChapters(db))
      .select(sql<number>`count(*)`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return readable - Number(chapters.count);
}

async function articleUrls(db: Kysely<DB>, now: number, offset: number, limit: number): Promise<SitemapUrl[]> {
  const rows = await sitemapArticles(db, now).select(['articles.slug', 'articles.modified_at']).orderBy('articles.id').limit(limit).offset(offset).execute();
  return rows.map((r) => ({ path: articlePath(r.slug), lastmod: Number(r.modified_at) }));
}

/** Columns with at least one article in the sitemap, their lastmod the latest such article's: one index probe per author. */
async function columnUrls(db: Kysely<DB>, now: number, limit: number): Promise<SitemapUrl[]> {
  const rows = await db
    .selectFrom('user_counts')
    .innerJoin('users', 'users.id', 'user_counts.user_id')
    .select((eb) => [
      'users.username',
      eb
        .selectFrom('articles')
        .select((inner) => inner.fn.max('articles.modified_at').as('lastmod'))
        .whereRef('articles.author_id', '=', 'users.id')
        .where('articles.visibility', '=', 'public')
        .where('articles.trashed', '=', 0)
        .where('articles.moderation', '=', 'none')
        .where('articles.id', 'not in', paidChapters(db))
        .as('lastmod'),
    ])
    .where(sql<boolean>`user_counts.public_article_count > 0`)
    .where('user_counts.readable_until', '>', now)
    .orderBy('users.id')
    .execute();
  const urls: SitemapUrl[] = [];
  for (const r of rows) {
    if (r.lastmod === null) continue;
    urls.push({ path: columnPath(r.username), lastmod: Number(r.lastmod) });
    if (urls.length === limit) break;
  }
  return urls;
}

/** Booklet overviews anyone may open: not trashed, by an active author whose membership has not lapsed. */
async function bookletUrls(db: Kysely<DB>, now: number, limit: number): Promise<SitemapUrl[]> {
  const rows = await db
    .selectFrom('booklets')
    .innerJoin('users', 'users.id', 'booklets.owner_id')
    .select(['booklets.slug', 'booklets.modified_at'])
    .where('booklets.trashed', '=', 0)
    .where(readableAuthor(now))
    .orderBy('booklets.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: bookletPath(r.slug), lastmod: Number(r.modified_at) }));
}
