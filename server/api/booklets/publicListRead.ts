import type { Kysely } from 'kysely';
import type { BookletCard, Page } from '../../../shared/entities';
import { publicBooklets } from '../../content/publicBooklets';
import type { DB } from '../../db/schema';
import type { PageRead } from '../pageReads';
import { pageLinks, pageQuery } from '../pagination';

/** Plain pages (no cursor): the booklet lists are short beside the article lists (server/content/publicBooklets.ts). */
export const bookletPageQuery = pageQuery(20, 50).pick({ page: true, page_size: true });

/** `GET /api/v2/booklets/public/`: the booklets anyone may open, newest first, paginated the DRF way (home and discovery). */
export function publicBookletsRead(deps: { db: Kysely<DB>; now: () => number; origin: string }): PageRead<Page<BookletCard>> {
  return {
    path: '/v2/booklets/public/',
    read: async ({ query: raw, originalUrl }) => {
      const { page, page_size: pageSize } = bookletPageQuery.parse(raw);
      const { count, results } = await publicBooklets(deps.db, deps.now(), page, pageSize);
      return { count, ...pageLinks(deps.origin, originalUrl, page, pageSize, count), results };
    },
  };
}
