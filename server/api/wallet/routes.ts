import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import type { Page } from '../../../shared/entities';
import { parseAmountCents } from '../../../shared/money';
import type { WalletTransaction, Withdrawal, WithdrawRequest } from '../../../shared/payments';
import { withdrawToWechat } from '../../payments/withdrawals';
import { withdrawalView } from '../../payments/withdrawalView';
import { WechatPayUpstreamError } from '../../payments/wechatpay/client';
import { requireUser } from '../auth';
import { ApiError } from '../errors';
import { pageLinks, pageQuery } from '../pagination';
import { requestSchema } from '../requestSchema';
import { walletBalance, walletTransactions } from '../../payments/wallet';
import { userWithdrawals } from '../../payments/withdrawalList';
import type { WechatPay } from '../../payments/wechatpay/wechatPay';

export interface WalletDeps {
  db: Kysely<DB>;
  now: () => number;
  origin: string;
  /** WECHAT_MP_APP_ID when configured: withdrawals go to that app's open ids. */
  wechatPayoutAppId?: string;
  /** PAYMENTS_SANDBOX (absent: on). */
  paymentsSandbox?: boolean;
  /** WeChat Pay when configured: withdrawals are paid through its transfers (docs/decisions/050). */
  wechatPay?: WechatPay;
}

const withdrawalId = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

const withdrawBody = requestSchema<WithdrawRequest>()(
  z.object({
    amount: z.unknown(),
    app_id: z.string().trim().min(1).max(64),
    open_id: z.string().trim().min(1).max(64),
    currency_code: z.literal('CNY').default('CNY'),
  }),
);

/** docs/specification/content-and-commerce.md §7, wallet: balance, transactions, withdrawal (mounted at /payments/wallet). */
export function walletRoutes(deps: WalletDeps): Router {
  const router = Router();
  router.get('/balance/', async (req, res) => {
    res.json(await walletBalance(deps.db, requireUser(req).id));
  });
  router.get('/transactions/', async (req, res) => {
    const user = requireUser(req);
    const { page, page_size: pageSize } = pageQuery(10, 50).parse(req.query);
    const { count, results } = await walletTransactions(deps.db, user.id, page, pageSize);
    res.json({ count, ...pageLinks(deps.origin, req.originalUrl, page, pageSize, count), results } satisfies Page<WalletTransaction>);
  });
  router.post('/withdraw/wechat/', async (req, res) => {
    const user = requireUser(req);
    const body = withdrawBody.parse(req.body ?? {});
    const amountCents = parseAmountCents(body.amount);
    if (amountCents === null) throw new ApiError(400, { amount: ['Enter an amount above 0 with at most 2 decimals.'] });
    const { withdrawal, refused } = await withdrawToWechat(
      { db: deps.db, now: deps.now, payoutAppId: deps.wechatPayoutAppId, sandbox: deps.paymentsSandbox !== false, payouts: deps.wechatPay?.payouts },
      user.id,
      { amountCents, appId: body.app_id, openId: body.open_id },
    );
    if (refused !== null) {
      req.log.error({ withdrawal: withdrawal.id, reason: refused }, 'WeChat Pay refused a withdrawal transfer');
      throw ApiError.detail(502, 'WeChat Pay refused this transfer. The money is back in your wallet; please try again later.');
    }
    res.status(201).json(withdrawal satisfies Withdrawal);
  });
  router.get('/withdrawals/', async (req, res) => {
    const user = requireUser(req);
    const { page, page_size: pageSize } = pageQuery(10, 50).parse(req.query);
    const { count, results } = await userWithdrawals(deps.db, user.id, page, pageSize, deps.wechatPay?.payouts.mchid);
    res.json({ count, ...pageLinks(deps.origin, req.originalUrl, page, pageSize, count), results } satisfies Page<Withdrawal>);
  });
  // The author cancels a withdrawal whose transfer bill waits for their confirmation (docs/decisions/064).
  router.post('/withdrawals/:id/cancel/', async (req, res) => {
    const user = requireUser(req);
    const { id } = withdrawalId.parse(req.params);
    const payouts = deps.wechatPay?.payouts;
    if (!payouts) throw ApiError.detail(404, 'Not found.');
    try {
      res.json(withdrawalView(await payouts.cancel(user.id, id), payouts.mchid) satisfies Withdrawal);
    } catch (error) {
      if (!(error instanceof WechatPayUpstreamError)) throw error;
      req.log.error({ err: error, withdrawal: id }, 'WeChat Pay did not cancel a withdrawal transfer bill');
      throw ApiError.detail(502, 'WeChat Pay could not cancel this transfer now (it may have been confirmed). Please reload and try again later.');
    }
  });
  return router;
}
