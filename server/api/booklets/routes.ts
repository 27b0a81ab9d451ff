import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  BOOKLET_REVIEW_MAX_LENGTH,
  type BookletDetail,
  type BookletItemDetail,
  type BookletRatingItem,
  type BookletRatingRequest,
  type Page,
} from '../../../shared/entities';
import type { DB } from '../../db/schema';
import { requireUser } from '../auth';
import { ApiError } from '../errors';
import { readerScript } from '../articles/articleRead';
import type { PageRead } from '../pageReads';
import { countedRead, type PageViewCounting } from '../pageViewCounting';
import { pageLinks, pageQuery } from '../pagination';
import { requestSchema } from '../requestSchema';
import { listRatings, rateBooklet } from '../../booklets/ratings';
import { readBooklet, readBookletItem } from '../../booklets/readBooklet';

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/i);
const ratingsQuery = pageQuery(10, 50);
const RATING_MESSAGE = 'A rating is a whole number from 1 to 5.';
// Checked by hand rather than z.number()/z.string(): the shared error shaper reports every
// type mismatch as a missing field, and the rating form shows this text to the reader.
const ratingBody = requestSchema<BookletRatingRequest>()(
  z.object({
    rating: z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) ctx.addIssue({ code: 'custom', message: 'This field is required.' });
        else if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 5) ctx.addIssue({ code: 'custom', message: RATING_MESSAGE });
        else return value;
        return z.NEVER;
      }),
    review: z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === null) return '';
        if (typeof value !== 'string') ctx.addIssue({ code: 'custom', message: 'A review is text.' });
        else if (value.trim().length > BOOKLET_REVIEW_MAX_LENGTH)
          ctx.addIssue({ code: 'custom', message: `A review has at most ${BOOKLET_REVIEW_MAX_LENGTH} characters.` });
        else return value.trim();
        return z.NEVER;
      }),
  }),
);

type Deps = { db: Kysely<DB>; now: () => number; origin: string; pageViews?: PageViewCounting };

/** docs/specification/content-and-commerce.md §7: `GET /api/booklets/{slug}/` and `…/item/{childSlug}/`, a booklet and a chapter for their reader. */
export function bookletReads(deps: Deps): [PageRead<BookletDetail>, PageRead<BookletItemDetail>] {
  return [
    {
      path: '/booklets/:slug/',
      cacheControl: 'private, no-cache',
      read: ({ params, user }) => readBooklet(deps.db, slugOf(params.slug), user, deps.now()),
    },
    {
      path: '/booklets/:slug/item/:childSlug/',
      cacheControl: 'private, no-cache',
      // A chapter's article comes in the reader's script (decision 038).
      vary: 'Cookie',
      read: (request) => {
        const { params, user, header } = request;
        const now = deps.now();
        const counted = countedRead(deps.pageViews, request, now);
        return readBookletItem(deps.db, slugOf(params.slug), slugOf(params.childSlug), user, now, counted, readerScript(header));
      },
    },
  ];
}

/** docs/specification/content-and-commerce.md §7, booklets: ratings (reading a booklet or a chapter is a page read, above). */
export function bookletRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/:slug/ratings/', async (req, res) => {
    const { page, page_size: pageSize } = ratingsQuery.parse(req.query);
    const { count, results } = await listRatings(deps.db, slugOf(req.params.slug), req.auth?.user ?? null, deps.now(), page, pageSize);
    res.json({ count, ...pageLinks(deps.origin, req.originalUrl, page, pageSize, count), results } satisfies Page<BookletRatingItem>);
  });
  router.post('/:slug/ratings/', async (req, res) => {
    const reader = requireUser(req);
    const input = ratingBody.parse(req.body ?? {});
    const { created, rating } = await rateBooklet(deps.db, slugOf(req.params.slug), reader, input, deps.now());
    res.status(created ? 201 : 200).json(rating);
  });
  return router;
}

/** A slug that cannot exist is simply not found. */
function slugOf(value: string | undefined): string {
  const parsed = slug.safeParse(value);
  if (!parsed.success) throw ApiError.detail(404, 'Does Not Exist');
  return parsed.data;
}
