import type { Request } from 'express';
import { MemoryStore, rateLimit, type Store } from 'express-rate-limit';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { DatabaseRateLimitStore } from '../security/databaseRateLimitStore';
import { rateLimitKey } from './caller';
import { ApiError } from './errors';

/** A fresh store for the limiter of this name: one per limiter (express-rate-limit refuses a shared one). */
export type RateLimitStores = (name: string) => Store;

export interface ThrottleOptions {
  /** Where hits are counted; in this process's memory when absent. */
  store?: Store;
  /** Only failed answers (status >= 400) count, so a guesser is stopped and an honest reader is not. */
  onlyFailures?: boolean;
  /** Whose hits these are; the caller's address (server/api/caller.ts) when absent. */
  key?: (req: Request) => string;
}

/**
 * DRF's throttling answer: 429 with the wait in the detail; `limit` requests per window and
 * caller (server/api/caller.ts), whether the call came over HTTP or from a page in process.
 */
export function throttle(limit: number, windowMs: number, options: ThrottleOptions = {}) {
  return rateLimit({
    windowMs,
    limit,
    keyGenerator: options.key ?? rateLimitKey,
    store: options.store ?? new MemoryStore(),
    skipSuccessfulRequests: options.onlyFailures ?? false,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, _res, next, limiterOptions) => {
      // The real wait: until this caller's window ends, not the window's whole length.
      const info: unknown = Reflect.get(req, limiterOptions.requestPropertyName);
      const reset: unknown = typeof info === 'object' && info !== null ? Reflect.get(info, 'resetTime') : undefined;
      const left = reset instanceof Date ? reset.getTime() - Date.now() : limiterOptions.windowMs;
      const seconds = Math.max(1, Math.ceil(left / 1000));
      next(ApiError.detail(429, `Request was throttled. Expected available in ${seconds} seconds.`));
    },
  });
}

/**
 * Limiters' stores counting in the database, so every process on it shares the counts
 * (docs/decisions/042); in memory when there is no database (the upstream proxy form).
 */
export function rateLimitStores(db: Kysely<DB> | undefined, onPruneError?: (error: unknown) => void): RateLimitStores {
  return (name) => (db ? new DatabaseRateLimitStore({ db, prefix: `${name}:`, onPruneError }) : new MemoryStore());
}
