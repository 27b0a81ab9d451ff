import { sql, type Kysely } from 'kysely';
import { columnPath } from '../../shared/column';
import { articlePath, bookletPath } from '../../shared/seoMeta';
import { fixedIndexablePaths } from '../../client/routing/pageModules';
import { readablePublicArticles } from '../content/publicArticles';
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
  return readablePublicArticles(db, now).where('articles.id', 'not in', (eb) =>
    eb
      .selectFrom('booklet_items')
      .innerJoin('booklets', 'booklets.id', 'booklet_items.booklet_id')
      .select('booklet_items.article_id')
      .where('booklet_items.sales_mode', '=', 'payment_required')
      .where('booklets.price_cents', '>', 0)
      .where('booklet_items.article_id', 'is not', null),
  );
}

async function countArticles(db: Kysely<DB>, now: number): Promise<number> {
  const row = await sitemapArticles(db, now)
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function articleUrls(db: Kysely<DB>, now: number, offset: number, limit: number): Promise<SitemapUrl[]> {
  const rows = await sitemapArticles(db, now).select(['articles.slug', 'articles.modified_at']).orderBy('articles.id').limit(limit).offset(offset).execute();
  return rows.map((r) => ({ path: articlePath(r.slug), lastmod: Number(r.modified_at) }));
}

/** Columns with at least one article in the sitemap, their lastmod the latest article's. */
async function columnUrls(db: Kysely<DB>, now: number, limit: number): Promise<SitemapUrl[]> {
  const rows = await sitemapArticles(db, now)
    .select(['users.username', (eb) => eb.fn.max('articles.modified_at').as('lastmod')])
    .groupBy(['users.id', 'users.username'])
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: columnPath(r.username), lastmod: Number(r.lastmod) }));
}

/** Booklet overviews anyone may open: not trashed, by an active author whose membership has not lapsed. */
async function bookletUrls(db: Kysely<DB>, now: number, limit: number): Promise<SitemapUrl[]> {
  const rows = await db
    .selectFrom('booklets')
    .innerJoin('users', 'users.id', 'booklets.owner_id')
    .select(['booklets.slug', 'booklets.modified_at'])
    .where('booklets.trashed', '=', 0)
    .where('users.status', '=', 'active')
    .where((eb) => eb.or([eb('users.membership_tier', 'is', null), eb('users.membership_expires_at', '>', now)]))
    .orderBy('booklets.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: bookletPath(r.slug), lastmod: Number(r.modified_at) }));
}
