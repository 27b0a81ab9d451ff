import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { FavoriteRequest, FavoriteState, FollowRequest, ThumbsUpRequest, ThumbsUpState } from '../../../shared/social';
import type { DB } from '../../db/schema';
import type { NotificationBus } from '../../notifications/bus';
import { requireUser } from '../auth';
import { requestSchema } from '../requestSchema';
import { follow, react } from '../../social/reactionsAndFollows';

const slug = z.string().trim().min(1).max(64);
const thumbsUpBody = requestSchema<ThumbsUpRequest>()(z.object({ article_slug: slug, cancel: z.boolean().optional().default(false) }));
const favoriteBody = requestSchema<FavoriteRequest>()(z.object({ article_slug: slug, unfavorite: z.boolean().optional().default(false) }));
const followBody = requestSchema<FollowRequest>()(z.object({ following_name: z.string().trim().min(1).max(64) }));

/** docs/specification/content-and-commerce.md §7: likes and favourites (under /columns) and follows. */
export function socialRoutes(deps: { db: Kysely<DB>; now: () => number; notificationBus?: NotificationBus }): { columns: Router; follow: Router } {
  const columns = Router();
  columns.post('/thumbsup/', async (req, res) => {
    const reader = requireUser(req);
    const body = thumbsUpBody.parse(req.body);
    const state = await react(deps.db, 'likes', reader, body.article_slug, !body.cancel, deps.now(), deps.notificationBus);
    res.json({ thumb_up_count: state.count, thumb_up_status: state.status } satisfies ThumbsUpState);
  });
  columns.post('/favorite/', async (req, res) => {
    const reader = requireUser(req);
    const body = favoriteBody.parse(req.body);
    const state = await react(deps.db, 'favorites', reader, body.article_slug, !body.unfavorite, deps.now(), deps.notificationBus);
    res.json({ favorite_count: state.count, favorite_status: state.status } satisfies FavoriteState);
  });

  const followRouter = Router();
  followRouter.post('/user/', async (req, res) => {
    const reader = requireUser(req);
    res.json(await follow(deps.db, reader, followBody.parse(req.body).following_name, true, deps.now(), deps.notificationBus));
  });
  followRouter.delete('/user/', async (req, res) => {
    const reader = requireUser(req);
    res.json(await follow(deps.db, reader, followBody.parse(req.body).following_name, false, deps.now()));
  });
  return { columns, follow: followRouter };
}
