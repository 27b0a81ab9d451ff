import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ARTICLE_SLUG_PATTERN } from '../../../shared/articleSlug';
import type { ArticleDetail } from '../../../shared/entities';
import { cookieFromHeader } from '../../../shared/cookieHeader';
import { readingScriptOf, SCRIPT_COOKIE, type ReadingScript } from '../../../shared/readingScript';
import type { DB } from '../../db/schema';
import { articleBookletPlace } from '../../booklets/articlePlace';
import { ApiError } from '../errors';
import type { PageRead, ReadRequest } from '../pageReads';
import { countedRead, type PageViewCounting } from '../pageViewCounting';
import { articleForReader } from '../../articles/articleForReader';

/** What an article slug looks like (shared/articleSlug.ts: any script's letters); anything else is an article that does not exist. */
export const ARTICLE_SLUG = z.string().regex(ARTICLE_SLUG_PATTERN);

/**
 * `GET /api/article/{slug}/`: an article for its reader, or the reason it cannot be read.
 * A read by someone other than its author or an operator counts against the author's page-view quota,
 * once a day per reader (docs/decisions/059);
 * `X-Share-Code` carries a share link's code, which opens a private article. A Chinese article comes
 * in the script the reader's `zine_script` cookie asks for (decision 038).
 */
export function articleRead(deps: { db: Kysely<DB>; now: () => number; pageViews?: PageViewCounting }): PageRead<ArticleDetail> {
  return {
    path: '/article/:slug/',
    cacheControl: 'private, no-cache',
    vary: 'Cookie',
    read: async (request) => {
      const { params, user, header } = request;
      const slug = ARTICLE_SLUG.safeParse(params.slug);
      if (!slug.success) throw ApiError.detail(404, 'Does Not Exist');
      const now = deps.now();
      const article = await articleForReader(deps.db, slug.data, user, now, {
        pageViews: countedRead(deps.pageViews, request, now),
        shareCode: header('x-share-code') ?? null,
        script: readerScript(header),
      });
      return { ...article, booklet_place: await articleBookletPlace(deps.db, article.id, user, now) };
    },
  };
}

/** The script a read's reader asks for: their `zine_script` cookie (decision 038). */
export function readerScript(header: ReadRequest['header']): ReadingScript | null {
  return readingScriptOf(cookieFromHeader(header('cookie'), SCRIPT_COOKIE));
}
