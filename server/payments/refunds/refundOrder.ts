import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { DomainError } from '../../domain/DomainError';
import type { Logger } from '../../logger';
import type { Alipay } from '../alipay/alipay';
import type { OrderRow } from '../fulfil';
import type { WechatPay } from '../wechatpay/wechatPay';
import { askAlipay, askWechatPay, type ProviderAnswer } from './askProvider';
import { completeRefund, failRefund, type RefundRow } from './completeRefund';
import { outRefundNoOf, refundTarget, type RefundTarget } from './refundTarget';

export interface RefundDeps {
  db: Kysely<DB>;
  now: () => number;
  logger: Logger;
  /** The providers as configured; refunding an order they took needs them. */
  wechatPay?: WechatPay | undefined;
  alipay?: Alipay | undefined;
}

export interface RefundResult {
  order: OrderRow;
  refund: RefundRow;
  /** 'already': the order was refunded before, nothing was asked or changed. */
  outcome: 'succeeded' | 'pending' | 'failed' | 'already';
  /** What the provider said when it did not refund now. */
  note: string | null;
}

/**
 * Refunds a paid order whole (docs/decisions/049), by its ref or row id. The refund row comes
 * first (one per order, its out_refund_no derived from the order), then the provider is asked —
 * the same number again when asked twice, so it refunds once — and the sale is reversed in one
 * transaction when the money is back: at once for the wallet and the sandbox, on Alipay's answer,
 * on WeChat Pay's answer or its later notification. A failed refund may be asked again.
 */
export async function refundOrder(deps: RefundDeps, key: string, reason: string | null): Promise<RefundResult> {
  const { db } = deps;
  const order = await findOrder(db, key);
  if (!order) throw new DomainError('not_found', `No order ${key}.`);
  const existing = await db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirst();
  if (order.status === 'refunded' && existing) return { order, refund: existing, outcome: 'already', note: null };
  if (order.status !== 'paid') throw new DomainError('invalid', `Order ${order.ref} is ${order.status}: only a paid order can be refunded.`);

  const target = await refundTarget(db, order);
  const refund = await openRefund(db, order, target, reason, deps.now());
  const answer = await ask(deps, target, refund);
  const now = deps.now();
  if (answer.kind === 'succeeded') {
    await db.transaction().execute((trx) => completeRefund(trx, refund, now, answer.providerRefundId));
  } else if (answer.kind === 'refused') {
    await db.transaction().execute((trx) => failRefund(trx, refund, answer.reason, now));
    deps.logger.warn({ order: order.ref, outRefundNo: refund.out_refund_no, reason: answer.reason }, 'Refund refused by the provider');
  }
  const after = await db.selectFrom('refunds').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow();
  const orderAfter = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  return {
    order: orderAfter,
    refund: after,
    outcome: after.status,
    note: answer.kind === 'pending' ? answer.note : answer.kind === 'refused' ? answer.reason : null,
  };
}

/** An order by its public ref, or by its row id (digits), as an operator may have either. */
async function findOrder(db: Kysely<DB>, key: string): Promise<OrderRow | undefined> {
  const byRef = await db.selectFrom('orders').selectAll().where('ref', '=', key).executeTakeFirst();
  if (byRef || !/^[1-9]\d{0,9}$/.test(key)) return byRef;
  return db.selectFrom('orders').selectAll().where('id', '=', Number(key)).executeTakeFirst();
}

/** The order's refund row, pending: made now, the pending one again, or a failed one retried. */
async function openRefund(db: Kysely<DB>, order: OrderRow, target: RefundTarget, reason: string | null, now: number): Promise<RefundRow> {
  await db
    .insertInto('refunds')
    .values({
      order_id: order.id,
      out_refund_no: outRefundNoOf(order),
      provider: target.provider,
      amount_cents: Number(order.amount_cents),
      currency: order.currency,
      status: 'pending',
      reason,
      provider_refund_id: null,
      failure: null,
      created_at: now,
      settled_at: null,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
  await db
    .updateTable('refunds')
    .set({ status: 'pending', settled_at: null, ...(reason === null ? {} : { reason }) })
    .where('order_id', '=', order.id)
    .where('status', '=', 'failed')
    .execute();
  return db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
}

async function ask(deps: RefundDeps, target: RefundTarget, refund: RefundRow): Promise<ProviderAnswer> {
  if (target.provider === 'wallet' || target.provider === 'sandbox') return { kind: 'succeeded', providerRefundId: null };
  const request = {
    outTradeNo: target.outTradeNo,
    outRefundNo: refund.out_refund_no,
    refundCents: Number(refund.amount_cents),
    totalCents: target.totalCents,
    currency: refund.currency,
    reason: refund.reason,
  };
  if (target.provider === 'wechat') {
    if (!deps.wechatPay) throw new DomainError('invalid', 'WeChat Pay took this order, and it is not configured here.');
    return askWechatPay(deps.wechatPay, request);
  }
  if (!deps.alipay) throw new DomainError('invalid', 'Alipay took this order, and it is not configured here.');
  return askAlipay(deps.alipay.client, request);
}
