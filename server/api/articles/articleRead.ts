import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ArticleDetail } from '../../../shared/entities';
import { cookieFromHeader } from '../../../shared/cookieHeader';
import { readingScriptOf, SCRIPT_COOKIE, type ReadingScript } from '../../../shared/readingScript';
import type { DB } from '../../db/schema';
import { ApiError } from '../errors';
import type { PageRead, ReadRequest } from '../pageReads';
import { countedRead, type PageViewCounting } from '../pageViewCounting';
import { articleForReader } from './reader';

/** What an article slug looks like; anything else is an article that does not exist. */
export const ARTICLE_SLUG = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/i);

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
      return articleForReader(deps.db, slug.data, user, now, {
        pageViews: countedRead(deps.pageViews, request, now),
        shareCode: header('x-share-code') ?? null,
        script: readerScript(header),
      });
    },
  };
}

/** The script a read's reader asks for: their `zine_script` cookie (decision 038). */
export function readerScript(header: ReadRequest['header']): ReadingScript | null {
  return readingScriptOf(cookieFromHeader(header('cookie'), SCRIPT_COOKIE));
}
