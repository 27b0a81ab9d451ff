import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { COLUMN_LISTS, columnPath, type ColumnDetail } from '../../../shared/column';
import type { ArticleSummary, BookletCard, Page } from '../../../shared/entities';
import type { DB } from '../../db/schema';
import { publicArticles } from '../../content/publicArticles';
import { publicBooklets } from '../../content/publicBooklets';
import { bookletPageQuery } from '../booklets/publicListRead';
import { ApiError } from '../errors';
import type { PageRead } from '../pageReads';
import { pageLinks, pageQuery } from '../pagination';
import { followState } from '../../social/reactionsAndFollows';
import { findOwner } from '../../columns/columnOwner';

const PAGE_SIZE = 20;
const query = pageQuery(PAGE_SIZE, 50);
const listType = z.enum(COLUMN_LISTS);

type ColumnDeps = { db: Kysely<DB>; now: () => number; origin: string };

/** docs/specification/content-and-commerce.md §7: `GET /api/columns/@{name}/`, a column by its author's name with the first page of both lists. */
export function columnRead(deps: ColumnDeps): PageRead<ColumnDetail> {
  return {
    path: '/columns/@:name/',
    read: async ({ params, user }) => {
      const owner = await findOwner(deps.db, params.name, deps.now());
      const readerId = user?.id ?? null;
      const [social, originals, favorites, booklets] = await Promise.all([
        followState(deps.db, owner.id, readerId),
        publicArticles(deps.db, deps.now(), 1, PAGE_SIZE, { authorId: owner.id }),
        publicArticles(deps.db, deps.now(), 1, PAGE_SIZE, { favoritedBy: owner.id }),
        publicBooklets(deps.db, deps.now(), 1, PAGE_SIZE, owner.id),
      ]);
      const detail: ColumnDetail = {
        owner: {
          username: owner.username,
          avatar: owner.avatar,
          description: owner.description,
          city: owner.city,
          column: columnPath(owner.username),
          ...social,
        },
        originals: { ...originals, ...pageLinks(deps.origin, `/api/columns/originals/@${owner.username}/`, 1, PAGE_SIZE, originals.count) },
        favorites: { ...favorites, ...pageLinks(deps.origin, `/api/columns/favorites/@${owner.username}/`, 1, PAGE_SIZE, favorites.count) },
        booklets: { ...booklets, ...pageLinks(deps.origin, `/api/columns/booklets/@${owner.username}/`, 1, PAGE_SIZE, booklets.count) },
      };
      return detail;
    },
  };
}

/** docs/specification/content-and-commerce.md §7: a column's two lists page by page, and its booklets (the column itself is a page read, above). */
export function columnRoutes(deps: ColumnDeps): Router {
  const router = Router();

  router.get('/booklets/@:name/', async (req, res) => {
    const owner = await findOwner(deps.db, req.params.name, deps.now());
    const { page, page_size: pageSize } = bookletPageQuery.parse(req.query);
    const { count, results } = await publicBooklets(deps.db, deps.now(), page, pageSize, owner.id);
    res.json({ count, ...pageLinks(deps.origin, req.originalUrl, page, pageSize, count), results } satisfies Page<BookletCard>);
  });

  router.get('/:type/@:name/', async (req, res) => {
    const type = listType.safeParse(req.params.type);
    if (!type.success) throw ApiError.detail(404, 'Not found.');
    const owner = await findOwner(deps.db, req.params.name, deps.now());
    const { page, page_size: pageSize, cursor } = query.parse(req.query);
    const filter = type.data === 'originals' ? { authorId: owner.id } : { favoritedBy: owner.id };
    const { count, results, edges } = await publicArticles(deps.db, deps.now(), page, pageSize, filter, cursor);
    res.json({ count, ...pageLinks(deps.origin, req.originalUrl, page, pageSize, count, edges), results } satisfies Page<ArticleSummary>);
  });

  return router;
}
