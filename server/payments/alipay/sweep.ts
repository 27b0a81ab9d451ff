import type { AlipayClient } from './client';
import { sweepEach, type SweepOutcome, type SweepTally } from '../sweepTrades';
import { closeUnpaidTrade } from '../closeUnpaidTrade';
import { askAlipay } from '../refunds/askProvider';
import { followTradeRefunds } from '../refunds/refundTrade';
import { followAlipayRefunds } from '../refunds/followRefunds';
import { AlipayUpstreamError } from './client';
import { PAID_STATES, settleAlipayTrade, type AlipayOrderRow, type SettleDeps } from './settle';

/** How much one sweep takes on. */
const SWEEP_BATCH = 50;

/**
 * The sweep (decision 044): every Alipay order whose time to pay has passed is asked about once
 * more (paid: settled), else closed there (alipay.trade.close) and here; our order is closed when
 * none of its provider orders is still open. Trade refunds pending a while are asked about again
 * (server/payments/refunds/refundTrade.ts), as are order refunds left pending
 * (server/payments/refunds/followRefunds.ts). Answers what it did with the trades.
 */
export async function sweepAlipay(deps: SettleDeps, client: AlipayClient): Promise<SweepTally> {
  const expired = await deps.db
    .selectFrom('alipay_orders')
    .selectAll()
    .where('status', '=', 'open')
    .where('expires_at', '<=', deps.now())
    .orderBy('expires_at')
    .limit(SWEEP_BATCH)
    .execute();
  const tally = await sweepEach(
    expired,
    (row) => sweepOne(deps, client, row),
    (row, error) => deps.logger.warn({ err: error, outTradeNo: row.out_trade_no }, 'Alipay sweep could not settle or close an order'),
  );
  await followTradeRefunds({ ...deps, ask: (refund) => askAlipay(client, refund) }, 'alipay');
  await followAlipayRefunds(deps, client);
  return tally;
}

async function sweepOne(deps: SettleDeps, client: AlipayClient, row: AlipayOrderRow): Promise<SweepOutcome> {
  let state: string;
  try {
    const trade = await client.query(row.out_trade_no);
    state = trade.trade_status;
    if (PAID_STATES.includes(state)) {
      await settleAlipayTrade(deps, { outTradeNo: trade.out_trade_no, tradeNo: trade.trade_no, tradeStatus: state, totalAmount: trade.total_amount }, 'sweep');
      return 'paid';
    }
  } catch (error) {
    // The payer never opened the cashier: Alipay has no trade, and after time_expire it makes none.
    if (!(error instanceof AlipayUpstreamError && error.code === 'ACQ.TRADE_NOT_EXIST')) throw error;
    state = 'TRADE_CLOSED';
  }
  if (state === 'WAIT_BUYER_PAY') await client.close(row.out_trade_no);
  else if (state !== 'TRADE_CLOSED') return 'open';
  await closeUnpaidTrade(deps.db, { table: 'alipay_orders', id: row.id, orderId: row.order_id, method: 'alipay' }, deps.now());
  return 'closed';
}
