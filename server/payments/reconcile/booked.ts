import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { PLATFORM_ALIPAY, PLATFORM_WECHATPAY } from '../ledger';
import type { BillProvider } from './bill';

/** A provider trade as the product knows it. */
export interface BookedTrade {
  outTradeNo: string;
  orderId: number;
  amountCents: number;
  status: 'open' | 'paid' | 'closed';
  settledAt: number | null;
}

/** A refund through the provider as the product knows it: an order's (refunds) or a trade's (trade_refunds, docs/decisions/063). */
export interface BookedRefund {
  outRefundNo: string;
  orderId: number;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
  settledAt: number | null;
}

/** The ledger's kinds and account of a provider's money (server/payments/ledger.ts, refunds/completeRefund.ts, refunds/refundTrade.ts). */
export function ledgerOf(provider: BillProvider): { account: string; paid: string; refunded: string[] } {
  return provider === 'wechat'
    ? { account: PLATFORM_WECHATPAY, paid: 'wechatpay', refunded: ['wechat_refund', 'wechat_trade_refund'] }
    : { account: PLATFORM_ALIPAY, paid: 'alipay', refunded: ['alipay_refund', 'alipay_trade_refund'] };
}

const CHUNK = 500;

async function chunked<T>(keys: readonly string[], load: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += CHUNK) out.push(...(await load(unique.slice(i, i + CHUNK))));
  return out;
}

/** Which rows: by number, of orders (paid or succeeded only), or done in [start, end). Each list at most CHUNK long. */
interface Filter {
  numbers?: string[];
  orderIds?: number[];
  doneIn?: { start: number; end: number };
}

async function tradeRows(db: Kysely<DB>, provider: BillProvider, f: Filter): Promise<BookedTrade[]> {
  const rows =
    provider === 'wechat'
      ? await db
          .selectFrom('wechatpay_orders')
          .select(['out_trade_no as outTradeNo', 'order_id as orderId', 'amount_fen as amountCents', 'status', 'settled_at as settledAt'])
          .$if(f.numbers !== undefined, (q) => q.where('out_trade_no', 'in', f.numbers ?? []))
          .$if(f.orderIds !== undefined, (q) => q.where('status', '=', 'paid').where('order_id', 'in', f.orderIds ?? []))
          .$if(f.doneIn !== undefined, (q) =>
            q
              .where('status', '=', 'paid')
              .where('settled_at', '>=', f.doneIn?.start ?? 0)
              .where('settled_at', '<', f.doneIn?.end ?? 0),
          )
          .execute()
      : await db
          .selectFrom('alipay_orders')
          .select(['out_trade_no as outTradeNo', 'order_id as orderId', 'amount_cents as amountCents', 'status', 'settled_at as settledAt'])
          .$if(f.numbers !== undefined, (q) => q.where('out_trade_no', 'in', f.numbers ?? []))
          .$if(f.orderIds !== undefined, (q) => q.where('status', '=', 'paid').where('order_id', 'in', f.orderIds ?? []))
          .$if(f.doneIn !== undefined, (q) =>
            q
              .where('status', '=', 'paid')
              .where('settled_at', '>=', f.doneIn?.start ?? 0)
              .where('settled_at', '<', f.doneIn?.end ?? 0),
          )
          .execute();
  return rows.map((row) => ({
    ...row,
    orderId: Number(row.orderId),
    amountCents: Number(row.amountCents),
    settledAt: row.settledAt === null ? null : Number(row.settledAt),
  }));
}

async function refundRows(db: Kysely<DB>, provider: BillProvider, f: Filter): Promise<BookedRefund[]> {
  // An order's refunds and a trade's (docs/decisions/063) have the same columns: one query of each.
  const of = (table: 'refunds' | 'trade_refunds') =>
    db
      .selectFrom(table)
      .select(['out_refund_no as outRefundNo', 'order_id as orderId', 'amount_cents as amountCents', 'status', 'settled_at as settledAt'])
      .where('provider', '=', provider)
      .$if(f.numbers !== undefined, (q) => q.where('out_refund_no', 'in', f.numbers ?? []))
      .$if(f.orderIds !== undefined, (q) => q.where('status', '=', 'succeeded').where('order_id', 'in', f.orderIds ?? []))
      .$if(f.doneIn !== undefined, (q) =>
        q
          .where('status', '=', 'succeeded')
          .where('settled_at', '>=', f.doneIn?.start ?? 0)
          .where('settled_at', '<', f.doneIn?.end ?? 0),
      )
      .execute();
  return [...(await of('refunds')), ...(await of('trade_refunds'))].map((row) => ({
    ...row,
    orderId: Number(row.orderId),
    amountCents: Number(row.amountCents),
    settledAt: row.settledAt === null ? null : Number(row.settledAt),
  }));
}

/** The provider's trades of these numbers. */
export function tradesByNumber(db: Kysely<DB>, provider: BillProvider, outTradeNos: readonly string[]): Promise<BookedTrade[]> {
  return chunked(outTradeNos, (numbers) => tradeRows(db, provider, { numbers }));
}

/** The provider's trades paid here in [start, end). */
export function tradesPaidIn(db: Kysely<DB>, provider: BillProvider, start: number, end: number): Promise<BookedTrade[]> {
  return tradeRows(db, provider, { doneIn: { start, end } });
}

/** The paid trades of these orders through the provider. */
export function paidTradesOfOrders(db: Kysely<DB>, provider: BillProvider, orderIds: readonly number[]): Promise<BookedTrade[]> {
  return chunked(orderIds.map(String), (ids) => tradeRows(db, provider, { orderIds: ids.map(Number) }));
}

/** The provider's refunds of these numbers, of orders and of trades. */
export function refundsByNumber(db: Kysely<DB>, provider: BillProvider, outRefundNos: readonly string[]): Promise<BookedRefund[]> {
  return chunked(outRefundNos, (numbers) => refundRows(db, provider, { numbers }));
}

/** The provider's refunds that succeeded here in [start, end). */
export function refundsDoneIn(db: Kysely<DB>, provider: BillProvider, start: number, end: number): Promise<BookedRefund[]> {
  return refundRows(db, provider, { doneIn: { start, end } });
}

/** The succeeded refunds of these orders through the provider. */
export function refundsOfOrders(db: Kysely<DB>, provider: BillProvider, orderIds: readonly number[]): Promise<BookedRefund[]> {
  return chunked(orderIds.map(String), (ids) => refundRows(db, provider, { orderIds: ids.map(Number) }));
}

/** The ledger's entries on the provider's account for these orders: money in (paid, as the amount taken) and back out (refunded). */
export async function ledgerMoves(
  db: Kysely<DB>,
  provider: BillProvider,
  orderIds: readonly number[],
): Promise<Map<number, { ref: string; paid: number[]; refunded: number[] }>> {
  const { account, paid, refunded } = ledgerOf(provider);
  const moves = new Map<number, { ref: string; paid: number[]; refunded: number[] }>();
  const orders = await chunked(orderIds.map(String), (chunk) => db.selectFrom('orders').select(['id', 'ref']).where('id', 'in', chunk.map(Number)).execute());
  const idOf = new Map(orders.map((o) => [o.ref, Number(o.id)]));
  for (const order of orders) moves.set(Number(order.id), { ref: order.ref, paid: [], refunded: [] });
  const entries = await chunked([...idOf.keys()], (chunk) =>
    db
      .selectFrom('ledger_entries')
      .select(['id', 'ref', 'kind', 'amount_cents'])
      .where('account', '=', account)
      .where('kind', 'in', [paid, ...refunded])
      .where('ref', 'in', chunk)
      .execute(),
  );
  // Ordered here: an ORDER BY id would lead SQLite down the account's whole index instead of ledger_entries_ref (migration 036).
  entries.sort((a, b) => Number(a.id) - Number(b.id));
  for (const entry of entries) {
    const id = idOf.get(entry.ref);
    const move = id === undefined ? undefined : moves.get(id);
    if (!move) continue;
    if (entry.kind === paid) move.paid.push(-Number(entry.amount_cents));
    else move.refunded.push(Number(entry.amount_cents));
  }
  return moves;
}
