import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { WechatPayConfig } from '../../config';
import type { DB } from '../../db/schema';
import { DomainError } from '../../domain/DomainError';
import type { Logger } from '../../logger';
import type { OpenedNotification } from '../wechatpay/notification';
import { completeRefund, failRefund } from './completeRefund';
import { completeTradeRefund, failTradeRefund } from './refundTrade';

/** What a refund notification did: completed or failed the refund now, found it done already, or carried nothing to act on. */
export type RefundNoticeOutcome = 'succeeded' | 'failed' | 'already' | 'ignored';

/** A refund notification's decrypted resource (original_type 'refund'). */
const refundNoticeSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  out_refund_no: z.string(),
  refund_id: z.string(),
  refund_status: z.string(),
  amount: z.object({ total: z.number().int(), refund: z.number().int() }),
});

export interface RefundNoticeDeps {
  db: Kysely<DB>;
  config: Pick<WechatPayConfig, 'mchid'>;
  logger: Logger;
  now: () => number;
}

const EVENTS: Readonly<Record<string, string>> = { 'REFUND.SUCCESS': 'SUCCESS', 'REFUND.ABNORMAL': 'ABNORMAL', 'REFUND.CLOSED': 'CLOSED' };

/**
 * WeChat Pay's word on a refund (a verified notification): for our merchant, one of our WeChat
 * Pay refunds, of its amount, else refused ('invalid') and logged. SUCCESS completes it (the sale
 * reversed), ABNORMAL or CLOSED fails it; a replay finds it settled and changes nothing.
 */
export async function settleWechatRefundNotice(deps: RefundNoticeDeps, notification: OpenedNotification): Promise<RefundNoticeOutcome> {
  const { db, logger } = deps;
  const expected = EVENTS[notification.event];
  if (!expected) {
    logger.info({ event: notification.event, id: notification.id }, 'WeChat Pay refund notification ignored');
    return 'ignored';
  }
  const parsed = refundNoticeSchema.safeParse(notification.resource());
  if (!parsed.success) throw new DomainError('invalid', 'Malformed refund.');
  const notice = parsed.data;
  const context = { outRefundNo: notice.out_refund_no, refundId: notice.refund_id, status: notice.refund_status };
  if (notice.mchid !== deps.config.mchid) {
    logger.error({ ...context, mchid: notice.mchid }, 'WeChat Pay refund for another merchant refused');
    throw new DomainError('invalid', 'Unknown merchant.');
  }
  const refund = await db
    .selectFrom('refunds')
    .selectAll()
    .where('out_refund_no', '=', notice.out_refund_no)
    .where('provider', '=', 'wechat')
    .executeTakeFirst();
  // Else the automatic refund of a trade the order must not keep (docs/decisions/063).
  const tradeRefund = refund
    ? undefined
    : await db.selectFrom('trade_refunds').selectAll().where('out_refund_no', '=', notice.out_refund_no).where('provider', '=', 'wechat').executeTakeFirst();
  const known = refund ?? tradeRefund;
  if (!known || notice.amount.refund !== Number(known.amount_cents) || notice.refund_status !== expected) {
    logger.error({ ...context, known: known !== undefined }, 'WeChat Pay refund notification for an unknown refund or another amount refused');
    throw new DomainError('invalid', 'Unknown refund, or another amount.');
  }
  const now = deps.now();
  const failure = `WeChat Pay refund ${expected}`;
  const changed = await db.transaction().execute(async (trx) => {
    if (refund) return expected === 'SUCCESS' ? completeRefund(trx, refund, now, notice.refund_id) : failRefund(trx, refund, failure, now);
    if (!tradeRefund) return false;
    return expected === 'SUCCESS' ? completeTradeRefund(trx, tradeRefund, now, notice.refund_id) : failTradeRefund(trx, tradeRefund, failure, now);
  });
  if (!changed) return 'already';
  if (expected !== 'SUCCESS') {
    logger.error(
      context,
      refund
        ? 'WeChat Pay could not refund: the order stays paid, refund it another way or ask again'
        : 'WeChat Pay could not refund a trade: its money stays in platform:clearing, refund it by hand',
    );
  }
  return expected === 'SUCCESS' ? 'succeeded' : 'failed';
}
