import type { Kysely } from 'kysely';
import { formatCents } from '../../../shared/money';
import type { DB } from '../../db/schema';
import type { Bill, BillLine, BillProvider } from './bill';
import {
  ledgerMoves,
  paidTradesOfOrders,
  refundsByNumber,
  refundsDoneIn,
  refundsOfOrders,
  tradesByNumber,
  tradesPaidIn,
  type BookedRefund,
  type BookedTrade,
} from './booked';
import { chinaDayBounds, type ChinaDate } from './chinaDay';

/** One way the product's books and the provider's bill disagree. */
export interface Difference {
  kind:
    /** Paid at the provider, not booked here (unknown, or still open or closed). */
    | 'payment_missed'
    /** Paid at the provider for another amount than the trade here. */
    | 'payment_amount'
    /** Paid here, not in the provider's bill. */
    | 'payment_not_in_bill'
    /** Refunded at the provider, not done here (unknown, pending or failed). */
    | 'refund_missed'
    /** Refunded at the provider for another amount than the refund here. */
    | 'refund_amount'
    /** Refunded here, not in the provider's bill. */
    | 'refund_not_in_bill'
    /** The ledger's bookings of an order's money through the provider differ from its paid trades or done refunds. */
    | 'ledger';
  /** Our order's ref, when known. */
  order: string | null;
  text: string;
}

export interface Comparison {
  differences: Difference[];
  payments: { count: number; cents: number };
  refunds: { count: number; cents: number };
  /** The provider's fees of the day, in FEE_UNITS (bill.ts). */
  fee: number;
}

/**
 * A trade paid (or a refund done) this soon after midnight here may be in the bill of the day
 * before: the provider's time of it came first (docs/decisions/070).
 */
export const BOUNDARY_MS = 30 * 60_000;

const NAMES: Record<BillProvider, string> = { wechat: 'WeChat Pay', alipay: 'Alipay' };

/**
 * The day's bill against the books (docs/decisions/070): every payment in the bill a paid trade
 * here of its amount, every refund a succeeded refund of its amount; every trade paid here that
 * day, every refund done here that day, in the bill (or, just after midnight, in the day
 * before's, which `dayBefore` loads when needed); and for every order these touch, the ledger's
 * bookings on the provider's account equal to its paid trades and done refunds (once each).
 */
export async function compareBill(
  db: Kysely<DB>,
  provider: BillProvider,
  date: ChinaDate,
  bill: Bill,
  dayBefore: () => Promise<Bill | null>,
): Promise<Comparison> {
  const name = NAMES[provider];
  const { start, end } = chinaDayBounds(date);
  const payments = bill.lines.filter((line) => line.kind === 'payment');
  const refunds = bill.lines.filter((line) => line.kind === 'refund');
  const differences: Difference[] = [];
  const refs = new OrderRefs(db);

  const trades = byKey(
    await tradesByNumber(
      db,
      provider,
      payments.map((l) => l.outTradeNo),
    ),
    (t) => t.outTradeNo,
  );
  for (const line of payments) {
    const trade = trades.get(line.outTradeNo);
    const paid = `paid ${formatCents(line.amountCents)} at ${name} (${line.outTradeNo}, ${line.providerTradeNo})`;
    if (!trade) differences.push({ kind: 'payment_missed', order: null, text: `${paid}: no such trade here` });
    else if (trade.status !== 'paid')
      differences.push({
        kind: 'payment_missed',
        order: await refs.of(trade.orderId),
        text: `${paid}: the trade is ${trade.status} here, its money never booked`,
      });
    else if (trade.amountCents !== line.amountCents)
      differences.push({ kind: 'payment_amount', order: await refs.of(trade.orderId), text: `${paid}: the trade here is ${formatCents(trade.amountCents)}` });
  }

  const known = byKey(
    await refundsByNumber(
      db,
      provider,
      refunds.map((l) => l.outRefundNo ?? ''),
    ),
    (r) => r.outRefundNo,
  );
  for (const line of refunds) {
    const refund = known.get(line.outRefundNo ?? '');
    const done = `refunded ${formatCents(line.amountCents)} at ${name} (${line.outRefundNo ?? '-'} of ${line.outTradeNo})`;
    if (!refund) differences.push({ kind: 'refund_missed', order: null, text: `${done}: no such refund here` });
    else if (refund.status !== 'succeeded')
      differences.push({ kind: 'refund_missed', order: await refs.of(refund.orderId), text: `${done}: the refund is ${refund.status} here, not booked` });
    else if (refund.amountCents !== line.amountCents)
      differences.push({ kind: 'refund_amount', order: await refs.of(refund.orderId), text: `${done}: the refund here is ${formatCents(refund.amountCents)}` });
  }

  const paidHere = await tradesPaidIn(db, provider, start, end);
  const refundedHere = await refundsDoneIn(db, provider, start, end);
  const inBill = new Set(payments.map((l) => l.outTradeNo));
  const refundsInBill = new Set(refunds.map((l) => l.outRefundNo));
  let before: Bill | null | undefined;
  const inDayBefore = async (match: (line: BillLine) => boolean) => {
    before ??= await dayBefore();
    return before?.lines.some(match) ?? false;
  };
  for (const trade of paidHere) {
    if (inBill.has(trade.outTradeNo)) continue;
    if ((trade.settledAt ?? 0) < start + BOUNDARY_MS && (await inDayBefore((l) => l.kind === 'payment' && l.outTradeNo === trade.outTradeNo))) continue;
    differences.push({
      kind: 'payment_not_in_bill',
      order: await refs.of(trade.orderId),
      text: `paid ${formatCents(trade.amountCents)} here (${trade.outTradeNo}): not in ${name}'s bill`,
    });
  }
  for (const refund of refundedHere) {
    if (refundsInBill.has(refund.outRefundNo)) continue;
    if ((refund.settledAt ?? 0) < start + BOUNDARY_MS && (await inDayBefore((l) => l.kind === 'refund' && l.outRefundNo === refund.outRefundNo))) continue;
    differences.push({
      kind: 'refund_not_in_bill',
      order: await refs.of(refund.orderId),
      text: `refunded ${formatCents(refund.amountCents)} here (${refund.outRefundNo}): not in ${name}'s bill`,
    });
  }

  const orderIds = [...new Set([...trades.values(), ...paidHere].map((t) => t.orderId).concat([...known.values(), ...refundedHere].map((r) => r.orderId)))];
  differences.push(...(await ledgerDifferences(db, provider, orderIds)));

  return {
    differences,
    payments: { count: payments.length, cents: sum(payments.map((l) => l.amountCents)) },
    refunds: { count: refunds.length, cents: sum(refunds.map((l) => l.amountCents)) },
    fee: sum(bill.lines.map((l) => l.fee)),
  };
}

/** Each order's money through the provider as the ledger booked it, against its paid trades and done refunds. */
async function ledgerDifferences(db: Kysely<DB>, provider: BillProvider, orderIds: number[]): Promise<Difference[]> {
  const name = NAMES[provider];
  const moves = await ledgerMoves(db, provider, orderIds);
  const paid = groupBy(await paidTradesOfOrders(db, provider, orderIds), (t: BookedTrade) => t.orderId);
  const refunded = groupBy(await refundsOfOrders(db, provider, orderIds), (r: BookedRefund) => r.orderId);
  const out: Difference[] = [];
  for (const [orderId, move] of moves) {
    const trades = paid.get(orderId) ?? [];
    const refunds = refunded.get(orderId) ?? [];
    const tradeCents = sum(trades.map((t) => t.amountCents));
    const refundCents = sum(refunds.map((r) => r.amountCents));
    if (move.paid.length !== trades.length || sum(move.paid) !== tradeCents) {
      out.push({
        kind: 'ledger',
        order: move.ref,
        text: `the ledger booked ${amounts(move.paid)} from ${name} for order ${move.ref}; its paid trades are ${amounts(trades.map((t) => t.amountCents))}`,
      });
    }
    if (move.refunded.length !== refunds.length || sum(move.refunded) !== refundCents) {
      out.push({
        kind: 'ledger',
        order: move.ref,
        text: `the ledger booked ${amounts(move.refunded)} back to ${name} for order ${move.ref}; its done refunds are ${amounts(refunds.map((r) => r.amountCents))}`,
      });
    }
  }
  return out;
}

/** Order refs by id, looked up once. */
class OrderRefs {
  private readonly known = new Map<number, string | null>();

  constructor(private readonly db: Kysely<DB>) {}

  async of(orderId: number): Promise<string | null> {
    if (!this.known.has(orderId)) {
      const row = await this.db.selectFrom('orders').select('ref').where('id', '=', orderId).executeTakeFirst();
      this.known.set(orderId, row?.ref ?? null);
    }
    return this.known.get(orderId) ?? null;
  }
}

function amounts(cents: number[]): string {
  return cents.length === 0 ? 'nothing' : `${cents.length} × (${cents.map(formatCents).join(', ')})`;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function byKey<T>(items: T[], key: (item: T) => string): Map<string, T> {
  return new Map(items.map((item) => [key(item), item]));
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}
