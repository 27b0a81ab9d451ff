import type { Kysely, Selectable } from 'kysely';
import { parseAmountCents } from '../../../shared/money';
import type { AlipayConfig } from '../../config';
import type { AlipayOrdersTable, DB } from '../../db/schema';
import { DomainError } from '../../domain/DomainError';
import type { Logger } from '../../logger';
import type { TradeCloser } from '../openTrades';
import type { PaymentPause } from '../paymentPause';
import { askAlipay } from '../refunds/askProvider';
import { settleTrade, type Settlement } from '../settleTrade';
import type { AlipayClient } from './client';
import { ALIPAY_TRADES } from './trades';

export type { Settlement } from '../settleTrade';
export type AlipayOrderRow = Selectable<AlipayOrdersTable>;

/** The trade states in which Alipay holds the payer's money for us. */
export const PAID_STATES: readonly string[] = ['TRADE_SUCCESS', 'TRADE_FINISHED'];

/** Alipay's word that a trade was paid: from a notification (with its app_id) or a query. */
export interface PaidTrade {
  outTradeNo: string;
  tradeNo: string | undefined;
  tradeStatus: string;
  /** total_amount in yuan, '78.00'. */
  totalAmount: string | undefined;
  /** The notification's app_id; a query's answer is for our app by its signature. */
  appId?: string;
}

export interface SettleDeps {
  db: Kysely<DB>;
  config: AlipayConfig;
  logger: Logger;
  now: () => number;
  /** Asked to refund a trade the order must not keep, and to close trades. */
  client: AlipayClient;
  /** The providers that close a paid order's other open trades. */
  closers: Iterable<TradeCloser>;
  pause?: PaymentPause | undefined;
}

/**
 * Settles a paid trade exactly once, by whichever path heard of it first. A trade not paid or of
 * another app is refused ('invalid') and logged, and nothing changes; then settleTrade() checks
 * the order and the amount and, in one transaction, marks the Alipay order paid, books the money
 * platform:alipay -> platform:clearing and delivers (docs/decisions/044), or refunds the money
 * when the order is paid already (server/payments/settleTrade.ts).
 */
export async function settleAlipayTrade(deps: SettleDeps, trade: PaidTrade, via: 'notification' | 'query' | 'sweep'): Promise<Settlement> {
  const { config, db, logger } = deps;
  const context = { via, outTradeNo: trade.outTradeNo, tradeNo: trade.tradeNo };
  if (!PAID_STATES.includes(trade.tradeStatus)) throw new DomainError('invalid', 'The trade is not paid.');
  if (trade.appId !== undefined && trade.appId !== config.appId) {
    logger.error({ ...context, appId: trade.appId }, 'Alipay trade for another app refused');
    throw new DomainError('invalid', 'Unknown app.');
  }
  return settleTrade(
    { db, logger, now: deps.now, pause: deps.pause, closers: deps.closers, ask: (refund) => askAlipay(deps.client, refund) },
    ALIPAY_TRADES,
    {
      outTradeNo: trade.outTradeNo,
      providerRef: trade.tradeNo,
      amountCents: parseAmountCents(trade.totalAmount ?? ''),
      currency: undefined,
      said: trade.totalAmount ?? null,
    },
    context,
  );
}
