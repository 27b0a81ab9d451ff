import type { Kysely } from 'kysely';
import { z } from 'zod';
import { formatCents } from '../../../shared/money';
import type { AlipayConfig } from '../../config';
import type { DB } from '../../db/schema';
import { DomainError } from '../../domain/DomainError';
import { FleetTimer } from '../../jobs/fleetTimer';
import type { Logger } from '../../logger';
import { newSecret } from '../../security/secrets';
import type { OrderRow } from '../fulfil';
import { assertPayable, markPending, ownOrder } from '../orders';
import { AlipayClient, AlipayUpstreamError, chinaTime } from './client';
import type { TradeCloser } from '../openTrades';
import type { PaymentPause } from '../paymentPause';
import { PAID_STATES, settleAlipayTrade, type AlipayOrderRow, type Settlement, type SettleDeps } from './settle';
import { sweepAlipay } from './sweep';
import { ALIPAY_TRADES } from './trades';
import { pollTrades } from '../pollTrades';
import { alipaySubject, tradeItem } from '../tradeName';
import type { TextLocale } from '../../../shared/locale';
import type { SweepTally } from '../sweepTrades';

/** Where Alipay posts its notifications: server/api/payments/alipayCallback.ts, under /api/payments/callback. */
export const ALIPAY_NOTIFY_PATH = '/api/payments/callback/alipay/';
/** How long an Alipay trade can be paid (its time_expire); then the sweep closes it. */
export const ALIPAY_ORDER_TTL_MS = 30 * 60_000;
/** An open Alipay order is offered again only with this much time left to pay it. */
const REUSE_MARGIN_MS = 5 * 60_000;
/** How often the sweep runs. */
export const SWEEP_INTERVAL_MS = 60_000;

export interface AlipayDeps {
  db: Kysely<DB>;
  config: AlipayConfig;
  /** The business clock: orders' times, expiry, the sweep's deadline (tests move it). */
  now: () => number;
  logger: Logger;
  siteName: string;
  /** The protocol's wall clock: request timestamps. */
  clock?: () => number;
  client?: AlipayClient;
  /** A test seam: holds a settlement with its order locked (server/payments/paymentPause.ts). */
  pause?: PaymentPause;
}

/** The fields of a notification we act on; the rest are signed and logged, not used. */
const notificationSchema = z.object({
  notify_id: z.string().max(128).optional(),
  app_id: z.string().max(32),
  seller_id: z.string().max(32).optional(),
  out_trade_no: z.string().min(1).max(64),
  trade_no: z.string().max(64).optional(),
  trade_status: z.string().max(32),
  total_amount: z.string().max(16).optional(),
});

/**
 * Alipay as web pay (docs/decisions/044): page pay on desktop, wap pay on phones. Every path that
 * learns an order was paid — the notification, an order poll or the return page's query, the
 * sweep — goes through settleAlipayTrade(): amount checked against the order, the money booked
 * platform:alipay -> platform:clearing, then the order fulfilled once (server/payments/fulfil.ts).
 */
export class Alipay implements TradeCloser {
  readonly client: AlipayClient;
  readonly tradeTable = 'alipay_orders';
  /** Who closes a paid order's other open trades: this, and WeChat Pay when configured (linked by createApp()). */
  readonly tradeClosers = new Set<TradeCloser>([this]);
  private readonly sweepTimer: FleetTimer;

  constructor(private readonly deps: AlipayDeps) {
    this.client = deps.client ?? new AlipayClient(deps.config, deps.clock ?? Date.now);
    this.sweepTimer = new FleetTimer({
      db: deps.db,
      name: 'alipay-sweep',
      failure: 'Alipay sweep failed',
      logger: deps.logger,
      now: deps.clock ?? Date.now,
      work: () => this.sweep(),
    });
  }

  get notifyUrl(): string {
    return `${this.deps.config.notifyOrigin}${ALIPAY_NOTIFY_PATH}`;
  }

  /**
   * Web pay: the signed cashier URL of an Alipay trade for the buyer's own order, at the order's
   * amount. The open trade of this product again while it has time left (a reload, a second tab),
   * else a new one. Alipay makes the trade when the payer opens the URL; nothing is sent now.
   */
  async startWebPay(userId: number, ref: string, product: 'page' | 'wap', returnUrl: string, locale: TextLocale): Promise<{ order: OrderRow; url: string }> {
    const now = this.deps.now();
    const order = assertPayable(await ownOrder(this.deps.db, userId, ref), now);
    if (order.currency !== 'CNY') throw new DomainError('invalid', 'Alipay takes only CNY.');
    const row =
      (await this.deps.db
        .selectFrom('alipay_orders')
        .selectAll()
        .where('order_id', '=', order.id)
        .where('product', '=', product)
        .where('status', '=', 'open')
        .where('expires_at', '>', now + REUSE_MARGIN_MS)
        .where('amount_cents', '=', Number(order.amount_cents))
        .orderBy('id', 'desc')
        .executeTakeFirst()) ?? (await this.newTrade(order, product, now, locale));
    const pending = await markPending(this.deps.db, userId, ref, 'alipay', now);
    const url = await this.client.payUrl({
      product,
      outTradeNo: row.out_trade_no,
      subject: row.subject,
      totalAmount: formatCents(Number(row.amount_cents)),
      timeExpire: chinaTime(Number(row.expires_at)),
      returnUrl,
      notifyUrl: this.notifyUrl,
    });
    return { order: pending, url };
  }

  /**
   * A notification POSTed by Alipay (form fields): the RSA2 signature with Alipay's public key
   * before anything, then the seller, the app, the order and the amount, then settled. Refusals are
   * DomainErrors ('forbidden' for the signature, 'invalid' for the content).
   */
  async acceptNotification(form: Record<string, unknown>): Promise<Settlement | 'ignored'> {
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      // A repeated field (an array) is nothing Alipay signs.
      if (typeof value !== 'string') throw new DomainError('forbidden', 'Invalid signature.');
      fields[key] = value;
    }
    if (!fields.sign || !(await this.client.verifyNotification(fields))) throw new DomainError('forbidden', 'Invalid signature.');
    const parsed = notificationSchema.safeParse(fields);
    if (!parsed.success) throw new DomainError('invalid', 'Malformed notification.');
    const n = parsed.data;
    if (n.seller_id !== this.deps.config.sellerId) {
      // Signed by Alipay but for another merchant's trade: nothing of ours was paid.
      this.deps.logger.error(
        { outTradeNo: n.out_trade_no, sellerId: n.seller_id ?? null, notifyId: n.notify_id },
        'Alipay notification for another seller refused',
      );
      throw new DomainError('invalid', 'Unknown seller.');
    }
    if (!PAID_STATES.includes(n.trade_status)) {
      // WAIT_BUYER_PAY, TRADE_CLOSED: nothing to deliver; the sweep closes what stays unpaid.
      this.deps.logger.info({ outTradeNo: n.out_trade_no, tradeStatus: n.trade_status, notifyId: n.notify_id }, 'Alipay notification ignored');
      return 'ignored';
    }
    return settleAlipayTrade(
      this.settleDeps,
      { outTradeNo: n.out_trade_no, tradeNo: n.trade_no, tradeStatus: n.trade_status, totalAmount: n.total_amount, appId: n.app_id },
      'notification',
    );
  }

  /**
   * An order poll or the reader's return from Alipay: a pending Alipay order's open trades are
   * asked about at Alipay (alipay.trade.query) and settled when paid, so the page shows the real
   * state before the notification arrives (server/payments/pollTrades.ts). Answers the order as it is now.
   */
  async reconcile(order: OrderRow): Promise<OrderRow> {
    return pollTrades(this.deps, ALIPAY_TRADES, order, 2, (outTradeNo) => this.queryAndSettle(outTradeNo));
  }

  /** One sweep now (the tests' and the timer's). */
  sweep(): Promise<SweepTally> {
    return sweepAlipay(this.settleDeps, this.client);
  }

  /** Runs the sweep every minute until stopped; one process of the fleet sweeps an interval (docs/decisions/042). */
  startSweep(intervalMs = SWEEP_INTERVAL_MS): void {
    this.sweepTimer.start(intervalMs);
  }

  /** Stops the sweep and waits for a run in progress (graceful shutdown). */
  stopSweep(): Promise<void> {
    return this.sweepTimer.stop();
  }

  private get settleDeps(): SettleDeps {
    const { db, config, logger, now, pause } = this.deps;
    return { db, config, logger, now, pause, client: this.client, closers: this.tradeClosers };
  }

  /** Closes one of our trades at Alipay (a paid order's other trade); one the payer never opened was never made there. */
  async closeTrade(outTradeNo: string): Promise<void> {
    try {
      await this.client.close(outTradeNo);
    } catch (error) {
      if (!(error instanceof AlipayUpstreamError && error.code === 'ACQ.TRADE_NOT_EXIST')) throw error;
    }
  }

  private async queryAndSettle(outTradeNo: string): Promise<void> {
    const trade = await this.client.query(outTradeNo);
    if (!PAID_STATES.includes(trade.trade_status)) return;
    await settleAlipayTrade(
      this.settleDeps,
      { outTradeNo: trade.out_trade_no, tradeNo: trade.trade_no, tradeStatus: trade.trade_status, totalAmount: trade.total_amount },
      'query',
    );
  }

  private async newTrade(order: OrderRow, product: 'page' | 'wap', now: number, locale: TextLocale): Promise<AlipayOrderRow> {
    return this.deps.db
      .insertInto('alipay_orders')
      .values({
        order_id: order.id,
        // Our ref first, so an operator finds the order at Alipay; letters, digits and underscores only.
        out_trade_no: `${order.ref}_${product === 'page' ? 'P' : 'W'}${newSecret(6)}`.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 64),
        product,
        // What the payer sees at Alipay: the site and the thing bought, in the reader's language.
        subject: alipaySubject(this.deps.siteName, await tradeItem(this.deps.db, order, locale)),
        amount_cents: Number(order.amount_cents),
        status: 'open',
        trade_no: null,
        expires_at: now + ALIPAY_ORDER_TTL_MS,
        queried_at: null,
        settled_at: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
