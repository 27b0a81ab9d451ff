import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ArticleDetail } from '../../../shared/entities';
import type { PageViewGate } from '../../content/pageViews';
import type { DB } from '../../db/schema';
import { ApiError } from '../errors';
import type { PageRead } from '../pageReads';
import { articleForReader } from './reader';

/** What an article slug looks like; anything else is an article that does not exist. */
export const ARTICLE_SLUG = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/i);

/**
 * `GET /api/article/{slug}/`: an article for its reader, or the reason it cannot be read.
 * Each read by someone other than its author or an operator counts against the author's page-view quota;
 * `X-Share-Code` carries a share link's code, which opens a private article.
 */
export function articleRead(deps: { db: Kysely<DB>; now: () => number; pageViews?: PageViewGate }): PageRead<ArticleDetail> {
  return {
    path: '/article/:slug/',
    cacheControl: 'private, no-cache',
    read: async ({ params, user, header }) => {
      const slug = ARTICLE_SLUG.safeParse(params.slug);
      if (!slug.success) throw ApiError.detail(404, 'Does Not Exist');
      return articleForReader(deps.db, slug.data, user, deps.now(), { pageViews: deps.pageViews, shareCode: header('x-share-code') ?? null });
    },
  };
}
