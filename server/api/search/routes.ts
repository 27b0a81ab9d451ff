import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { SEARCH_MAX_PAGE_SIZE, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, SEARCH_TYPES, type SearchPage } from '../../../shared/search';
import type { DB } from '../../db/schema';
import { searchPublic } from '../../search/search';
import { pageLinks } from '../pagination';
import { throttle, type RateLimitStores } from '../throttle';

const INTEGER = 'A valid integer is required.';

/** The query string, with DRF's messages: each failure is a 400 `{field: [message]}`. */
const searchQuery = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'This field is required.' : 'Not a valid string.') })
    .trim()
    .min(1, 'This field may not be blank.')
    .max(SEARCH_QUERY_MAX_LENGTH, `Ensure this field has no more than ${SEARCH_QUERY_MAX_LENGTH} characters.`),
  type: z.enum(SEARCH_TYPES, { error: `Select a valid choice: ${SEARCH_TYPES.join(', ')}.` }).optional(),
  page: z.coerce
    .number({ error: INTEGER })
    .int(INTEGER)
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(100_000, 'Ensure this value is less than or equal to 100000.')
    .default(1),
  page_size: z.coerce
    .number({ error: INTEGER })
    .int(INTEGER)
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(SEARCH_MAX_PAGE_SIZE, `Ensure this value is less than or equal to ${SEARCH_MAX_PAGE_SIZE}.`)
    .default(SEARCH_PAGE_SIZE),
});

interface SearchDeps {
  db: Kysely<DB>;
  now: () => number;
  origin: string;
  /** Searches per minute and address. */
  limit: number;
  /** Where the limiter counts (the database, shared by every process); memory when absent. */
  rateLimits?: RateLimitStores;
}

/** `GET /api/search/` (docs/decisions/038): public content by words, DRF-paged; shapes in shared/search.ts. */
export function searchRoutes(deps: SearchDeps): Router {
  const router = Router();
  router.get('/', throttle(deps.limit, 60_000, { store: deps.rateLimits?.('search') }), async (req, res) => {
    const { q, type, page, page_size: pageSize } = searchQuery.parse(req.query);
    const { count, capped, results } = await searchPublic(deps.db, { q, type, page, pageSize, now: deps.now() });
    res.json({ count, count_capped: capped, ...pageLinks(deps.origin, req.originalUrl, page, pageSize, count), results } satisfies SearchPage);
  });
  return router;
}
