import type { Kysely } from 'kysely';
import type { ArticleSummary, Page } from '../../../shared/entities';
import type { DB } from '../../db/schema';
import type { PageRead } from '../pageReads';
import { pageLinks, pageQuery } from '../pagination';
import { publicArticles } from '../../content/publicArticles';

const query = pageQuery(20, 50);

/** `GET /api/v2/articles/public/`: the public articles, paginated the DRF way. */
export function publicArticlesRead(deps: { db: Kysely<DB>; now: () => number; origin: string }): PageRead<Page<ArticleSummary>> {
  return {
    path: '/v2/articles/public/',
    read: async ({ query: raw, originalUrl }) => {
      const { page, page_size: pageSize, cursor } = query.parse(raw);
      const { count, results, edges } = await publicArticles(deps.db, deps.now(), page, pageSize, {}, cursor);
      return { count, ...pageLinks(deps.origin, originalUrl, page, pageSize, count, edges), results };
    },
  };
}
