import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { Router } from 'express';
import { z } from 'zod';
import { DEFAULT_STATS_RANGE, STATS_RANGES, statsRange, type StatsQuery, type StatsReport } from '../../../shared/authorStats';
import { knownTimeZone } from '../../../shared/readerDates';
import { articleStatsReport, authorStatsReport } from '../../stats/statsReport';
import { idOf } from '../articles/authoringSchemas';
import { requireUser } from '../auth';
import { requestSchema } from '../requestSchema';

const statsQuery = requestSchema<StatsQuery>()(
  z.object({
    days: z
      .string({ error: 'Not a valid string.' })
      .optional()
      .transform((value, ctx) => {
        const days = value === undefined ? DEFAULT_STATS_RANGE : statsRange(value);
        if (days === null) {
          ctx.addIssue({ code: 'custom', message: `Select a valid choice: ${STATS_RANGES.join(', ')}.` });
          return z.NEVER;
        }
        return days;
      }),
    tz: z
      .string({ error: 'Not a valid string.' })
      .optional()
      .transform((value, ctx) => {
        const zone = value === undefined ? 'UTC' : knownTimeZone(value);
        if (zone === null) {
          ctx.addIssue({ code: 'custom', message: 'Not a known time zone.' });
          return z.NEVER;
        }
        return zone;
      }),
  }),
);

/**
 * `/api/editor/stats/` (docs/decisions/074): the signed-in author's numbers per day in the reader's
 * zone (`?days=7|30|365&tz=Asia/Shanghai`), and `articles/{id}/` one of their articles' (403 for
 * another's). Shapes in shared/authorStats.ts.
 */
export function statsRoutes(deps: { db: Kysely<DB>; now: () => number }): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const author = requireUser(req);
    const { days, tz } = statsQuery.parse(req.query);
    res.json((await authorStatsReport(deps.db, author.id, { days, timeZone: tz, now: deps.now() })) satisfies StatsReport);
  });
  router.get('/articles/:id/', async (req, res) => {
    const author = requireUser(req);
    const articleId = idOf(req);
    const { days, tz } = statsQuery.parse(req.query);
    res.json((await articleStatsReport(deps.db, author.id, articleId, { days, timeZone: tz, now: deps.now() })) satisfies StatsReport);
  });
  return router;
}
