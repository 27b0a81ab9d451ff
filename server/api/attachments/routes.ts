import { Router } from 'express';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { uploadAllowance } from '../../../shared/traffic';
import { siteOriginFor } from '../../seo/origin';
import { requireUser } from '../auth';
import { ApiError } from '../errors';
import type { DB } from '../../db/schema';
import type { MediaStore } from '../../media/mediaStore';
import { currentTraffic } from '../../media/traffic';
import { isAuthorOf } from '../../articles/authorOf';

const tokenQuery = z.object({
  article_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/**
 * `GET /api/attachments/qiniu/token/?article_id=` (docs/specification/content-and-commerce.md §7): a form-upload token for the
 * images of one of the caller's own articles, good for an hour, for files no larger than
 * the month's remaining traffic (capped per file). Used-up traffic is 412 'traffic_lack'.
 */
export function attachmentRoutes(deps: { db: Kysely<DB>; now: () => number; media: MediaStore; publicOrigin?: string | undefined }): Router {
  const router = Router();
  router.get('/qiniu/token/', async (req, res) => {
    const user = requireUser(req);
    const { article_id: articleId } = tokenQuery.parse(req.query);
    if (!(await isAuthorOf(deps.db, user.id, articleId))) throw ApiError.detail(404, 'Not found.');
    const now = deps.now();
    const meter = await currentTraffic(deps.db, user, now);
    if (meter.bytesUsed >= meter.bytesLimit) throw ApiError.detail(412, 'traffic_lack');
    const ticket = await deps.media.uploadTicket(
      { userId: user.id, articleId, maxBytes: uploadAllowance(meter.bytesLimit, meter.bytesUsed), now },
      siteOriginFor(deps.publicOrigin, req),
    );
    res.json(ticket);
  });
  return router;
}
