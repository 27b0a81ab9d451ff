import type { Kysely, Selectable } from 'kysely';
import { sweepExpiredTrades, type ExpiredTrade, type SweepOutcome, type SweepTally } from '../sweepTrades';
import type { WechatAppParams } from '../../../shared/payments';
import type { WechatPayConfig } from '../../config';
import type { DB, WechatPayOrdersTable } from '../../db/schema';
import { DomainError } from '../../domain/DomainError';
import { FleetTimer } from '../../jobs/fleetTimer';
import type { Logger } from '../../logger';
import { newSecret } from '../../security/secrets';
import type { OrderRow } from '../fulfil';
import { assertPayable, ownOrder } from '../orders';
import { transactionSchema, WechatPayClient, WechatPayUpstreamError, type PlaceOrder, type WechatPayTransaction } from './client';
import { settleWechatRefundNotice, type RefundNoticeOutcome } from '../refunds/wechatRefundNotice';
import { openNotification, type NotificationKeys } from './notification';
import type { TradeCloser } from '../openTrades';
import type { PaymentPause } from '../paymentPause';
import { askWechatPay } from '../refunds/askProvider';
import { followTradeRefunds } from '../refunds/refundTrade';
import { followWechatRefunds } from '../refunds/followRefunds';
import { settleTrade, type Settlement } from '../settleTrade';
import { pollTrades } from '../pollTrades';
import { WECHATPAY_TRADES } from './trades';
import { chatAppPayParams, chinaTime } from './protocol';
import { WechatPayouts } from '../payouts/wechatPayouts';
import { tradeItem, wechatDescription } from '../tradeName';
import type { TextLocale } from '../../../shared/locale';

export type WechatPayOrderRow = Selectable<WechatPayOrdersTable>;

/** Who pays an order placed at WeChat Pay: a chat-app payer by open id, whoever scans a QR code, or a phone browser by address. */
type Payer = { tradeType: 'JSAPI'; openid: string } | { tradeType: 'NATIVE' } | { tradeType: 'H5'; payerIp: string };

/** The letter after our ref in an out_trade_no: which kind of WeChat Pay order it is. */
const TRADE_LETTER: Record<Payer['tradeType'], string> = { JSAPI: 'J', NATIVE: 'N', H5: 'H' };

/** Where WeChat Pay posts its notifications: server/api/payments/wechatPayCallback.ts, under /api/payments/callback. */
export const WECHATPAY_NOTIFY_PATH = '/api/payments/callback/wechatpay/';
/** Where WeChat Pay posts refund outcomes, beside the payments' notifications. */
export const WECHATPAY_REFUND_NOTIFY_PATH = '/api/payments/callback/wechatpay/refund/';
/** Where WeChat Pay posts the outcome of a withdrawal's transfer bill (docs/decisions/064). */
export const WECHATPAY_TRANSFER_NOTIFY_PATH = '/api/payments/callback/wechatpay/transfer/';

/** How long an order placed at WeChat Pay can be paid (its time_expire); then the sweep closes it. */
export const WECHATPAY_ORDER_TTL_MS = 30 * 60_000;
/** An open order placed at WeChat Pay is offered again only with this much time left to pay it. */
const REUSE_MARGIN_MS = 5 * 60_000;
/** How often the sweep runs. */
export const SWEEP_INTERVAL_MS = 60_000;

export type { Settlement } from '../settleTrade';

export interface WechatPayDeps {
  db: Kysely<DB>;
  config: WechatPayConfig;
  /** The business clock: orders' times, expiry, the sweep's deadline (tests move it). */
  now: () => number;
  logger: Logger;
  siteName: string;
  /** The protocol's wall clock: signature timestamps and the notifications' freshness. */
  clock?: () => number;
  client?: WechatPayClient;
  /** A test seam: holds a settlement with its order locked (server/payments/paymentPause.ts). */
  pause?: PaymentPause;
}

/**
 * WeChat Pay API v3 as the chat-app pay (JSAPI), the desktop QR pay (Native), docs/decisions/037,
 * and phone browsers' H5 pay, docs/decisions/069.
 * Every path that learns an order was paid — the notification, an order poll's query, the sweep —
 * goes through settle(): amount and currency checked against the order, the money booked
 * platform:wechatpay -> platform:clearing, then the order fulfilled once (server/payments/fulfil.ts).
 */
export class WechatPay implements TradeCloser {
  readonly client: WechatPayClient;
  readonly tradeTable = 'wechatpay_orders';
  /** Who closes a paid order's other open trades: this, and Alipay when configured (linked by createApp()). */
  readonly tradeClosers = new Set<TradeCloser>([this]);
  private readonly clock: () => number;
  private readonly sweepTimer: FleetTimer;
  /** Withdrawals paid to the WeChat balance (docs/decisions/050, 064); their sweep starts and stops with this one. */
  readonly payouts: WechatPayouts;

  constructor(private readonly deps: WechatPayDeps) {
    this.clock = deps.clock ?? Date.now;
    this.client = deps.client ?? new WechatPayClient(deps.config, this.clock, { db: deps.db, logger: deps.logger });
    this.payouts = new WechatPayouts(
      {
        db: deps.db,
        now: deps.now,
        logger: deps.logger,
        client: this.client,
        appId: deps.config.appId,
        mchid: deps.config.mchid,
        api: deps.config.transferApi ?? 'bills',
        notifyUrl: `${deps.config.notifyOrigin}${WECHATPAY_TRANSFER_NOTIFY_PATH}`,
        siteName: deps.siteName,
        claimMs: deps.config.timeoutMs + 5000,
      },
      this.clock,
    );
    this.sweepTimer = new FleetTimer({
      db: deps.db,
      name: 'wechatpay-sweep',
      failure: 'WeChat Pay sweep failed',
      logger: deps.logger,
      now: this.clock,
      work: () => this.sweep(),
    });
  }

  get notifyUrl(): string {
    return `${this.deps.config.notifyOrigin}${WECHATPAY_NOTIFY_PATH}`;
  }

  /** Where WeChat Pay posts the outcome of a refund (docs/decisions/049). */
  get refundNotifyUrl(): string {
    return `${this.deps.config.notifyOrigin}${WECHATPAY_REFUND_NOTIFY_PATH}`;
  }

  /** Chat-app pay: a JSAPI order for the payer's open id (one of the buyer's linked WeChat identities), and the bridge's parameters. */
  async startJsapi(userId: number, ref: string, openid: string, locale: TextLocale): Promise<{ order: OrderRow; appParams: WechatAppParams }> {
    const order = assertPayable(await ownOrder(this.deps.db, userId, ref), this.deps.now());
    const identity = await this.deps.db
      .selectFrom('wechat_identities')
      .select('id')
      .where('user_id', '=', userId)
      .where('app', '=', 'mp')
      .where('openid', '=', openid)
      .executeTakeFirst();
    if (!identity) throw new DomainError('invalid', 'This WeChat account is not linked to your account.', 'openid');
    const placed = await this.place(order, { tradeType: 'JSAPI', openid }, locale);
    const prepayId = placed.row.prepay_id ?? '';
    return { order: placed.order, appParams: chatAppPayParams(this.deps.config.appId, prepayId, this.client.merchantPrivateKey, this.clock()) };
  }

  /** Native pay: an order whose code_url the client shows as a QR code, for browsers without the chat app's bridge. */
  async startNative(userId: number, ref: string, locale: TextLocale): Promise<{ order: OrderRow; codeUrl: string }> {
    const order = assertPayable(await ownOrder(this.deps.db, userId, ref), this.deps.now());
    const placed = await this.place(order, { tradeType: 'NATIVE' }, locale);
    return { order: placed.order, codeUrl: placed.row.code_url ?? '' };
  }

  /**
   * H5 pay, in a phone's browser outside WeChat (docs/decisions/069): an order whose h5_url opens
   * WeChat's cashier. WeChat Pay lets only `payerIp` (the reader's address) open it, within 5
   * minutes, so each choice of the method places a new one; older ones close with the order's
   * payment (server/payments/openTrades.ts) or at their expiry (the sweep).
   */
  async startH5(userId: number, ref: string, payerIp: string, locale: TextLocale): Promise<{ order: OrderRow; h5Url: string }> {
    const order = assertPayable(await ownOrder(this.deps.db, userId, ref), this.deps.now());
    const placed = await this.place(order, { tradeType: 'H5', payerIp }, locale);
    return { order: placed.order, h5Url: placed.h5Url ?? '' };
  }

  /**
   * A notification POSTed by WeChat Pay: signature (Wechatpay-* headers, WeChat Pay's key),
   * freshness, then the AES-256-GCM resource decrypted and settled. Refusals are DomainErrors
   * ('forbidden' for the signature, 'invalid' for the content); the route answers them 4xx.
   */
  async acceptNotification(header: (name: string) => string | undefined, body: string): Promise<Settlement | 'ignored'> {
    const notification = await openNotification(this.notificationKeys, header, body);
    if (notification.event !== 'TRANSACTION.SUCCESS') {
      this.deps.logger.info({ event: notification.event, id: notification.id }, 'WeChat Pay notification ignored');
      return 'ignored';
    }
    const transaction = transactionSchema.safeParse(notification.resource());
    if (!transaction.success) throw new DomainError('invalid', 'Malformed transaction.');
    if (transaction.data.trade_state !== 'SUCCESS') return 'ignored';
    return this.settle(transaction.data, 'notification');
  }

  /** A refund notification (docs/decisions/049), checked as a payment's, then the refund completed or failed once. */
  async acceptRefundNotification(header: (name: string) => string | undefined, body: string): Promise<RefundNoticeOutcome> {
    const notification = await openNotification(this.notificationKeys, header, body);
    return settleWechatRefundNotice(this.deps, notification);
  }

  /** A withdrawal's transfer bill outcome (docs/decisions/064), checked as a payment's, then booked once. */
  async acceptTransferNotification(header: (name: string) => string | undefined, body: string): Promise<string> {
    return this.payouts.acceptNotification(await openNotification(this.notificationKeys, header, body));
  }

  private get notificationKeys(): NotificationKeys {
    return { platformKeys: this.client.platformKeys, apiV3Key: this.deps.config.apiV3Key, clock: this.clock };
  }

  /**
   * An order poll: a pending WeChat order's open trades are asked about at WeChat Pay and settled
   * when paid, so a lost notification does not leave the payer waiting (server/payments/pollTrades.ts).
   * Answers the order as it is now.
   */
  async reconcile(order: OrderRow): Promise<OrderRow> {
    return pollTrades(this.deps, WECHATPAY_TRADES, order, 3, async (outTradeNo) => {
      const transaction = await this.client.query(outTradeNo);
      if (transaction.trade_state === 'SUCCESS') await this.settle(transaction, 'query');
    });
  }

  /**
   * The sweep: every order placed at WeChat Pay whose time to pay has passed is asked about once
   * more (paid: settled), else closed there and here; our order is closed when none of its
   * WeChat Pay orders is still open; trade refunds pending a while are asked about again
   * (server/payments/refunds/refundTrade.ts), and refunds whose notification is late are queried
   * (server/payments/refunds/followRefunds.ts). Answers what it did with the orders.
   */
  async sweep(): Promise<SweepTally> {
    const tally = await sweepExpiredTrades(this.deps, WECHATPAY_TRADES, (trade) => this.sweepOne(trade));
    await followTradeRefunds({ ...this.deps, ask: (refund) => askWechatPay(this, refund) }, 'wechat');
    await followWechatRefunds(this.deps, this.client);
    return tally;
  }

  /** Runs the sweep every minute until stopped; one process of the fleet sweeps an interval (docs/decisions/042). */
  startSweep(intervalMs = SWEEP_INTERVAL_MS): void {
    this.sweepTimer.start(intervalMs);
    this.payouts.startSweep(intervalMs);
    this.client.platformKeys.startRefresh();
  }

  /** Stops the sweeps (unpaid orders, open payouts) and waits for runs in progress (graceful shutdown). */
  async stopSweep(): Promise<void> {
    await Promise.all([this.sweepTimer.stop(), this.payouts.stopSweep(), this.client.platformKeys.stopRefresh()]);
  }

  /**
   * WeChat Pay's word that an order was paid, from any path: a transaction not paid, or for another
   * merchant or app, is refused ('invalid') and logged, and nothing changes; then it is settled
   * exactly once, the money kept only by the order's one payment (server/payments/settleTrade.ts).
   */
  async settle(transaction: WechatPayTransaction, via: 'notification' | 'query' | 'sweep'): Promise<Settlement> {
    const { config, db, logger } = this.deps;
    const context = { via, outTradeNo: transaction.out_trade_no, transactionId: transaction.transaction_id };
    if (transaction.trade_state !== 'SUCCESS') throw new DomainError('invalid', 'The transaction is not paid.');
    if (transaction.mchid !== config.mchid || transaction.appid !== config.appId) {
      logger.error({ ...context, mchid: transaction.mchid, appid: transaction.appid }, 'WeChat Pay transaction for another merchant or app refused');
      throw new DomainError('invalid', 'Unknown merchant or app.');
    }
    const total = transaction.amount?.total;
    const currency = transaction.amount?.currency ?? 'CNY';
    return settleTrade(
      { db, logger, now: this.deps.now, pause: this.deps.pause, closers: this.tradeClosers, ask: (refund) => askWechatPay(this, refund) },
      WECHATPAY_TRADES,
      {
        outTradeNo: transaction.out_trade_no,
        providerRef: transaction.transaction_id,
        amountCents: total ?? null,
        currency,
        said: { total: total ?? null, currency },
      },
      context,
    );
  }

  /** Closes one of our orders at WeChat Pay (a paid order's other trade); one WeChat Pay never made is closed already. */
  async closeTrade(outTradeNo: string): Promise<void> {
    try {
      await this.client.close(outTradeNo);
    } catch (error) {
      if (!(error instanceof WechatPayUpstreamError && error.code === 'ORDER_NOT_EXIST')) throw error;
    }
  }

  /** One expired WeChat Pay order asked about: settled when paid, closed there unless closed or refunded already. */
  private async sweepOne(row: ExpiredTrade): Promise<SweepOutcome> {
    let state: string;
    try {
      const transaction = await this.client.query(row.out_trade_no);
      state = transaction.trade_state;
      if (state === 'SUCCESS') {
        await this.settle(transaction, 'sweep');
        return 'paid';
      }
      // Paid and refunded at WeChat Pay before we heard of it: nothing to deliver, nothing to close.
      if (state === 'REFUND') this.deps.logger.warn({ outTradeNo: row.out_trade_no }, 'WeChat Pay order refunded before it was settled here');
    } catch (error) {
      // Never placed after all (the answer to the placing call was lost): nothing to close there.
      if (!(error instanceof WechatPayUpstreamError && error.code === 'ORDER_NOT_EXIST')) throw error;
      state = 'CLOSED';
    }
    // Still being paid (a password being typed): the next sweep asks again.
    if (state === 'USERPAYING') return 'open';
    if (state !== 'CLOSED' && state !== 'REFUND') await this.client.close(row.out_trade_no);
    return 'closed';
  }

  /**
   * An order at WeChat Pay for this order and payer: a JSAPI or Native one open with time left is
   * offered again (a reload, a second tab), else a new one; H5 orders are never offered again (their
   * h5_url lasts 5 minutes). Placed there first and stored after, so a refusal (a wrong merchant
   * key: 401) stores nothing and leaves the order as it was.
   */
  private async place(order: OrderRow, payer: Payer, locale: TextLocale): Promise<{ order: OrderRow; row: WechatPayOrderRow; h5Url?: string }> {
    const { db } = this.deps;
    const now = this.deps.now();
    const { tradeType } = payer;
    const openid = payer.tradeType === 'JSAPI' ? payer.openid : null;
    if (order.currency !== 'CNY') throw new DomainError('invalid', 'WeChat Pay takes only CNY.');
    const reusable =
      payer.tradeType === 'H5'
        ? undefined
        : await db
            .selectFrom('wechatpay_orders')
            .selectAll()
            .where('order_id', '=', order.id)
            .where('trade_type', '=', tradeType)
            .where('status', '=', 'open')
            .where('expires_at', '>', now + REUSE_MARGIN_MS)
            .where('amount_fen', '=', Number(order.amount_cents))
            .$if(openid !== null, (q) => q.where('openid', '=', openid ?? ''))
            .orderBy('id', 'desc')
            .executeTakeFirst();
    if (reusable) return { order: await this.markPending(order), row: reusable };

    const expiresAt = now + WECHATPAY_ORDER_TTL_MS;
    const request: PlaceOrder = {
      // Our ref first, so an operator finds the order in WeChat Pay's merchant platform; then J, N or H and a random tail.
      outTradeNo: `${order.ref}${TRADE_LETTER[tradeType]}${newSecret(6).replace(/[^A-Za-z0-9]/g, 'x')}`.slice(0, 32),
      description: wechatDescription(this.deps.siteName, await tradeItem(this.deps.db, order, locale)),
      amountFen: Number(order.amount_cents),
      currency: order.currency,
      timeExpire: chinaTime(expiresAt),
      notifyUrl: this.notifyUrl,
      attach: order.ref,
    };
    const placed =
      payer.tradeType === 'JSAPI'
        ? await this.client.placeJsapi(request, payer.openid)
        : payer.tradeType === 'H5'
          ? await this.client.placeH5(request, payer.payerIp)
          : await this.client.placeNative(request);
    const row = await db
      .insertInto('wechatpay_orders')
      .values({
        order_id: order.id,
        out_trade_no: request.outTradeNo,
        trade_type: tradeType,
        openid,
        prepay_id: 'prepayId' in placed ? placed.prepayId : null,
        code_url: 'codeUrl' in placed ? placed.codeUrl : null,
        amount_fen: request.amountFen,
        currency: request.currency,
        status: 'open',
        transaction_id: null,
        expires_at: expiresAt,
        queried_at: null,
        settled_at: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order: await this.markPending(order), row, ...('h5Url' in placed ? { h5Url: placed.h5Url } : {}) };
  }

  /** The order waits for WeChat Pay (created, failed or pending before: pending, method wechat). */
  private async markPending(order: OrderRow): Promise<OrderRow> {
    if (order.status === 'pending' && order.method === 'wechat') return order;
    await this.deps.db
      .updateTable('orders')
      .set({ status: 'pending', method: 'wechat' })
      .where('id', '=', order.id)
      .where('status', 'in', ['created', 'pending', 'failed'])
      .execute();
    return this.deps.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  }
}
