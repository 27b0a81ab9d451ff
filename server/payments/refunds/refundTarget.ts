import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { OrderRow } from '../fulfil';

/** Who gives an order's money back, and for a provider which of its paid orders and for how much. */
export type RefundTarget = { provider: 'wallet' } | { provider: 'sandbox' } | { provider: 'wechat' | 'alipay'; outTradeNo: string; totalCents: number };

/**
 * The payment that fulfilled the order: its method's paid provider order (the one whose
 * transaction is the order's provider_ref, else the first paid), the wallet, or else the
 * sandbox, which took no money (a sandbox checkout marks an order 'wechat' or 'alipay' too).
 */
export async function refundTarget(db: Kysely<DB>, order: OrderRow): Promise<RefundTarget> {
  if (order.method === 'wallet') return { provider: 'wallet' };
  if (order.method === 'wechat') {
    const paid = await db.selectFrom('wechatpay_orders').selectAll().where('order_id', '=', order.id).where('status', '=', 'paid').orderBy('id').execute();
    const row = paid.find((r) => r.transaction_id !== null && r.transaction_id === order.provider_ref) ?? paid[0];
    if (row) return { provider: 'wechat', outTradeNo: row.out_trade_no, totalCents: Number(row.amount_fen) };
  }
  if (order.method === 'alipay') {
    const paid = await db.selectFrom('alipay_orders').selectAll().where('order_id', '=', order.id).where('status', '=', 'paid').orderBy('id').execute();
    const row = paid.find((r) => r.trade_no !== null && r.trade_no === order.provider_ref) ?? paid[0];
    if (row) return { provider: 'alipay', outTradeNo: row.out_trade_no, totalCents: Number(row.amount_cents) };
  }
  return { provider: 'sandbox' };
}

/** The refund's number at the provider, derived from the order: asking twice is one refund. */
export function outRefundNoOf(order: OrderRow): string {
  return `${order.ref.replace(/[^A-Za-z0-9_]/g, '_')}_R`;
}
