import type { AlipayClient } from './client';
import { sweepExpiredTrades, type ExpiredTrade, type SweepOutcome, type SweepTally } from '../sweepTrades';
import { askAlipay } from '../refunds/askProvider';
import { followTradeRefunds } from '../refunds/refundTrade';
import { followAlipayRefunds } from '../refunds/followRefunds';
import { AlipayUpstreamError } from './client';
import { PAID_STATES, settleAlipayTrade, type SettleDeps } from './settle';
import { ALIPAY_TRADES } from './trades';

/**
 * The sweep (docs/decisions/044): every Alipay order whose time to pay has passed is asked about once
 * more (paid: settled), else closed there (alipay.trade.close) and here; our order is closed when
 * none of its provider orders is still open (server/payments/sweepTrades.ts). Trade refunds pending
 * a while are asked about again (server/payments/refunds/refundTrade.ts), as are order refunds left
 * pending (server/payments/refunds/followRefunds.ts). Answers what it did with the trades.
 */
export async function sweepAlipay(deps: SettleDeps, client: AlipayClient): Promise<SweepTally> {
  const tally = await sweepExpiredTrades(deps, ALIPAY_TRADES, (trade) => sweepOne(deps, client, trade));
  await followTradeRefunds({ ...deps, ask: (refund) => askAlipay(client, refund) }, 'alipay');
  await followAlipayRefunds(deps, client);
  return tally;
}

/** One expired Alipay trade asked about: settled when paid, closed there while the payer could still pay it. */
async function sweepOne(deps: SettleDeps, client: AlipayClient, row: ExpiredTrade): Promise<SweepOutcome> {
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
  return 'closed';
}
