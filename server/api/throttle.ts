import { rateLimit } from 'express-rate-limit';
import { ApiError } from './errors';

/** DRF's throttling answer: 429 with the wait in the detail; `limit` requests per window and address. */
export function throttle(limit: number, windowMs: number) {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next, options) => {
      const seconds = Math.ceil(options.windowMs / 1000);
      next(ApiError.detail(429, `Request was throttled. Expected available in ${seconds} seconds.`));
    },
  });
}
