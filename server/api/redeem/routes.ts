import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { CodeRequest, ReferralAnswer, Referrer } from '../../../shared/redeem';
import { requireUser } from '../auth';
import { DomainError } from '../../domain/DomainError';
import { requestSchema } from '../requestSchema';
import { throttle, type RateLimitStores } from '../throttle';
import { findReferrer, ownReferral, recordReferral } from '../../redeem/referral';
import { describeCode, redeemCode, type RedeemDeps } from '../../redeem/redeemCodes';

export interface RedeemRouteDeps extends RedeemDeps {
  secure: boolean;
  /** Failed redeem and look-up attempts per 15 minutes and client address. */
  limit: number;
  /** Where the limiter counts (the database, shared by every process); memory when absent. */
  rateLimits?: RateLimitStores;
}

/** The cookie that keeps a referral code until its visitor signs in. */
export const REFERRAL_COOKIE = 'zine_referral';
const REFERRAL_COOKIE_MS = 30 * 24 * 3600 * 1000;

const codeBody = requestSchema<CodeRequest>()(z.object({ code: z.string().trim().min(1).max(64) }));
const codeParam = z.string().trim().min(1).max(64);

/**
 * `/api/redeem/` (docs/decisions/027): redeem codes (look up, spend) and referral codes
 * (one's own, look up, record). Only failures count against the throttle, so a
 * guesser is stopped while a reader redeeming several codes is not.
 */
export function redeemRoutes(deps: RedeemRouteDeps): Router {
  const router = Router();
  const throttled = throttle(deps.limit, 15 * 60_000, { store: deps.rateLimits?.('redeem'), onlyFailures: true });

  router.get('/referral/', async (req, res) => {
    const user = requireUser(req);
    res.json(await ownReferral(deps.db, user.id, deps.now()));
  });

  router.get('/referral/:code/', throttled, async (req, res) => {
    const { code, username } = await findReferrer(deps.db, codeParam.parse(req.params.code));
    res.json({ code, username } satisfies Referrer);
  });

  router.post('/referral/', throttled, async (req, res) => {
    const { code } = codeBody.parse(req.body);
    const user = req.auth?.user;
    if (user) {
      res.json({ ...(await recordReferral(deps.db, user.id, code, deps.now())), recorded: true } satisfies ReferralAnswer);
      return;
    }
    const referrer = await findReferrer(deps.db, code);
    res.cookie(REFERRAL_COOKIE, referrer.code, { path: '/', sameSite: 'lax', secure: deps.secure, httpOnly: true, maxAge: REFERRAL_COOKIE_MS });
    res.status(202).json({ code: referrer.code, username: referrer.username, recorded: false } satisfies ReferralAnswer);
  });

  router.get('/:code/', throttled, async (req, res) => {
    res.json(await describeCode(deps, codeParam.parse(req.params.code)));
  });

  router.post('/', throttled, async (req, res) => {
    const user = requireUser(req);
    const { code } = codeBody.parse(req.body);
    res.json(await redeemCode(deps, user, code));
  });

  return router;
}

/**
 * For every API call of a signed-in reader who still carries a remembered referral
 * code: record it (once; a refused code is dropped too) and clear the cookie.
 */
export function pendingReferral(deps: RedeemRouteDeps): RequestHandler {
  return async (req: Request, res: Response, next) => {
    const cookies = req.cookies as Record<string, unknown> | undefined;
    const code = cookies?.[REFERRAL_COOKIE];
    const user = req.auth?.user;
    if (!user || typeof code !== 'string') {
      next();
      return;
    }
    res.clearCookie(REFERRAL_COOKIE, { path: '/', sameSite: 'lax', secure: deps.secure, httpOnly: true });
    try {
      await recordReferral(deps.db, user.id, code.slice(0, 64), deps.now());
    } catch (error) {
      if (!(error instanceof DomainError)) {
        next(error);
        return;
      }
    }
    next();
  };
}
