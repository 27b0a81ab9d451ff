import { createCipheriv, createHash, randomBytes, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { fundFlowBill, tradeBill, type BillPayment, type BillRefund } from './wechatPayBillFile';

/**
 * A local stand-in for WeChat Pay API v3 (docs/decisions/037), written from the protocol, not
 * from our client: it checks what the real service checks — the Authorization signature with the
 * merchant's public key and certificate serial (else 401 SIGN_ERROR), mchid and appid, the
 * payer's open id for the app, amounts, out_trade_no reuse — keeps the orders, answers every
 * call signed with the platform key, and sends notifications (signed, the resource encrypted
 * with the API v3 key) to an order's notify_url. The platform keys (docs/decisions/065): answers
 * and notifications are signed with the key signWith() chose, under its serial; `GET /v3/certificates`
 * answers the platform certificates, each encrypted with the API v3 key; every other call must
 * name a platform key WeChat Pay knows in its Wechatpay-Serial (else 400). It also answers WeChat's OAuth code exchange
 * (`/sns/oauth2/access_token`), so one stand-in serves the payment sign-in too, and the official
 * account's token and JS-SDK ticket (`/cgi-bin/token`, `/cgi-bin/ticket/getticket`). Refunds
 * (`POST /v3/refund/domestic/refunds`, docs/decisions/049) are checked the same way, against the
 * paid order, kept by out_refund_no (asked again: the same refund), and finished by the test,
 * which then sends the refund notification, signed and encrypted like a payment's. Transfers to
 * balance (`POST /v3/transfer/batches` and the detail query, docs/decisions/050) are checked as
 * WeChat Pay checks them — appid, the sum of the details, the open ids, a batch number sent again
 * with other content — kept by out_batch_no (sent again: the same batch), and finished by the test.
 * Transfer bills (`POST /v3/fund-app/mch-transfer/transfer-bills`, its query and cancel by
 * out_bill_no, docs/decisions/064) are checked the same way — appid, the scene and its report lines,
 * the amount and the payee's name from 2,000 yuan, an out_bill_no sent again with other content —
 * wait in WAIT_USER_CONFIRM with a package_info until the test confirms for the payee (or cancels,
 * or fails them), then the test sends the MCHTRANSFER.BILL.FINISHED notification, signed and encrypted.
 * H5 pay (`POST /v3/pay/transactions/h5`, docs/decisions/069) needs the H5 product opened with an
 * authorised domain (`h5Domain`, else 403 NO_AUTH) and a scene_info with the payer's IP; its h5_url
 * is a page of the stand-in's own origin which, visited within 5 minutes from that IP with a Referer
 * on the authorised domain, pays the order, notifies (unless `h5Notifies` is off) and redirects to
 * the `redirect_url` appended to it (on the authorised domain too), as WeChat's cashier does.
 * Bills (docs/decisions/070): `GET /v3/bill/tradebill` and `/v3/bill/fundflowbill` write the day's
 * file from the stand-in's own orders and refunds (by their success time, China's day), once the
 * day is over and it is 10:00 the next day by `billClock` (else 400 STATEMENT_CREATING; none:
 * NO_STATEMENT_EXIST), and answer its SHA1 and a download_url valid 30 seconds, which must be
 * asked with a signed request of the same merchant. The refund query
 * (`GET /v3/refund/domestic/refunds/{out_refund_no}`) answers a refund as the refund call does.
 */

export interface StandInOptions {
  mchid: string;
  appId: string;
  /** The merchant API certificate's public key and serial: requests must verify with them. */
  merchantPublicKey: KeyObject;
  merchantSerial: string;
  /** The platform (WeChat Pay) public key's private half that signs answers and notifications at first, and its id. */
  platformPrivateKey: KeyObject;
  platformSerial: string;
  /** Platform certificates `GET /v3/certificates` answers (see also `certificates` of the stand-in). */
  certificates?: StandInCertificate[];
  apiV3Key: string;
  /** OAuth codes the sign-in may exchange, each for an open id of `appId`. */
  oauthCodes?: Record<string, string>;
  /** The H5 product is open, with this authorised H5 domain (a host, e.g. `127.0.0.1`); unset: H5 orders are refused with NO_AUTH. */
  h5Domain?: string;
  /** WeChat Pay's clock for which bills are made already (the real clock by default): a test moves it on a few days. */
  billClock?: () => number;
}

/** A platform certificate the stand-in issued, with its key: tests/support/fixtures/wechatpay-test-platform-*.pem. */
export interface StandInCertificate {
  serial: string;
  pem: string;
  privateKey: KeyObject;
}

/** What signs answers and notifications: a private key and the serial (public key id or certificate serial) named with it. */
export interface PlatformSigner {
  privateKey: KeyObject;
  serial: string;
}

export interface StandInOrder {
  outTradeNo: string;
  tradeType: 'JSAPI' | 'NATIVE' | 'H5';
  appid: string;
  mchid: string;
  description: string;
  total: number;
  currency: string;
  notifyUrl: string;
  timeExpire: string;
  attach: string | undefined;
  openid: string | undefined;
  prepayId: string | undefined;
  codeUrl: string | undefined;
  /** H5: the cashier's link, and the payer's address it was placed for (scene_info.payer_client_ip). */
  h5Url: string | undefined;
  payerClientIp: string | undefined;
  /** When it was placed (an h5_url opens for 5 minutes). */
  placedAt: number;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'USERPAYING' | 'REFUND';
  transactionId: string | undefined;
  successTime: string | undefined;
  /** The body of the placing request, exactly, to tell a repeated placement from a conflicting one. */
  placedWith: string;
}

export interface StandInRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  refund: number;
  total: number;
  currency: string;
  notifyUrl: string;
  reason: string | undefined;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  /** How many refund requests asked for it. */
  asked: number;
  /** When it succeeded (ms): the day whose bill lists it. */
  successTime: number | undefined;
}

export type TransferDetailStatus = 'INIT' | 'WAIT_PAY' | 'PROCESSING' | 'SUCCESS' | 'FAIL';

export interface StandInTransferDetail {
  outBatchNo: string;
  outDetailNo: string;
  detailId: string;
  amount: number;
  openid: string;
  remark: string;
  status: TransferDetailStatus;
  failReason: string | undefined;
}

export interface StandInTransferBatch {
  outBatchNo: string;
  batchId: string;
  appid: string;
  totalAmount: number;
  details: StandInTransferDetail[];
  /** The body of the first request, exactly: the same again is the same batch, other content is refused. */
  sentWith: string;
  /** How many requests sent it. */
  sent: number;
}

export type BillState = 'ACCEPTED' | 'PROCESSING' | 'WAIT_USER_CONFIRM' | 'TRANSFERING' | 'SUCCESS' | 'FAIL' | 'CANCELING' | 'CANCELLED';

export interface StandInBill {
  outBillNo: string;
  transferBillNo: string;
  appid: string;
  amount: number;
  openid: string;
  remark: string;
  notifyUrl: string;
  state: BillState;
  failReason: string | undefined;
  packageInfo: string;
  /** The body of the first request, exactly: the same again is the same bill, other content is refused. */
  sentWith: string;
  /** How many requests sent it. */
  sent: number;
}

export interface RefundRefusal {
  status: number;
  code: string;
  message: string;
}

export interface Recorded {
  method: string;
  url: string;
  status: number;
  /** The request's Wechatpay-Serial header. */
  serial: string | undefined;
  /** The Referer a browser sent (a visit of an h5_url). */
  referer: string | undefined;
}

export interface Notification {
  headers: Record<string, string>;
  body: string;
}

export interface WechatPayStandIn {
  origin: string;
  orders: Map<string, StandInOrder>;
  requests: Recorded[];
  /** Open ids of `appId` this stand-in knows (issued by the OAuth exchange, or added). */
  openids: Set<string>;
  /** Whether a paid visit of an h5_url posts the notification at once (true at start). */
  h5Notifies: boolean;
  /** The payer pays: the order is SUCCESS (no notification is sent; see notify()); a closed order cannot be paid (throws). */
  pay(outTradeNo: string): StandInOrder;
  /** The certificates `GET /v3/certificates` answers now: a test renews them by changing this list. */
  certificates: StandInCertificate[];
  /** Answers and notifications are signed with this key, named by its serial, from now on. */
  signWith(signer: PlatformSigner): void;
  /** A signed notification of the order's transaction, encrypted; `transaction` overrides fields of the resource; `serial` the Wechatpay-Serial. */
  notification(outTradeNo: string, options?: NotificationOptions & { transaction?: Record<string, unknown> }): Notification;
  /** Posts a notification to the order's notify_url, as WeChat Pay does. */
  notify(outTradeNo: string, options?: Parameters<WechatPayStandIn['notification']>[1]): Promise<{ status: number; body: string }>;
  /** Posts a ready notification (the same one again: a replay) to the order's notify_url. */
  deliver(outTradeNo: string, notification: Notification): Promise<{ status: number; body: string }>;
  refunds: Map<string, StandInRefund>;
  /** Refuses every refund request with this answer from now on (null: accept them again). */
  refuseRefunds(refusal: RefundRefusal | null): void;
  /** WeChat Pay finishes the refund (no notification is sent; see notifyRefund()). */
  finishRefund(outRefundNo: string, status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): StandInRefund;
  /** A signed refund notification, encrypted; `refund` overrides fields of the resource. */
  refundNotification(outRefundNo: string, options?: NotificationOptions & { refund?: Record<string, unknown> }): Notification;
  /** Posts a refund notification to the refund's notify_url. */
  notifyRefund(outRefundNo: string, options?: Parameters<WechatPayStandIn['refundNotification']>[1]): Promise<{ status: number; body: string }>;
  /** Posts a ready refund notification (a replay) to the refund's notify_url. */
  deliverRefund(outRefundNo: string, notification: Notification): Promise<{ status: number; body: string }>;
  /** Transfer batches by out_batch_no. */
  transfers: Map<string, StandInTransferBatch>;
  /** Refuses every transfer request with this answer from now on, before looking at it (null: accept them again). */
  refuseTransfers(refusal: RefundRefusal | null): void;
  /** The next `count` transfer batches are accepted but answered 500 SYSTEM_ERROR, as when the answer is lost. */
  loseTransferAnswers(count: number): void;
  /** WeChat Pay finishes a transfer detail: SUCCESS (paid to the balance) or FAIL with a fail_reason. */
  finishTransfer(outDetailNo: string, status: 'SUCCESS' | 'FAIL', failReason?: string): StandInTransferDetail;
  /** The money WeChat Pay paid out in transfers (SUCCESS details and bills), in fen. */
  transferredFen(): number;
  /** Transfer bills by out_bill_no. */
  bills: Map<string, StandInBill>;
  /** The payee confirms the receipt in WeChat (requestMerchantTransfer): the bill waiting for it is paid, SUCCESS. */
  confirmBill(outBillNo: string): StandInBill;
  /** WeChat Pay moves a bill on: FAIL with a reason, CANCELLED (expired unconfirmed, or after a cancel), or any other state. */
  finishBill(outBillNo: string, state: BillState, failReason?: string): StandInBill;
  /** A signed MCHTRANSFER.BILL.FINISHED notification of the bill, encrypted; `bill` overrides fields of the resource. */
  billNotification(outBillNo: string, options?: { bill?: Record<string, unknown>; signWith?: KeyObject; timestamp?: number }): Notification;
  /** Posts a ready bill notification (the same one again: a replay) to the bill's notify_url. */
  deliverBill(outBillNo: string, notification: Notification): Promise<{ status: number; body: string }>;
  /** From now on bill files are changed on the way (one amount), so they no longer match the SHA1 their request answered (false: as made). */
  corruptBillDownloads(on: boolean): void;
  close(): Promise<void>;
}

export interface NotificationOptions {
  signWith?: KeyObject;
  serial?: string;
  timestamp?: number;
}

const AUTH = /^WECHATPAY2-SHA256-RSA2048 (.+)$/;
const TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/;
const REFUND_NO = /^[A-Za-z0-9_\-|*@]{1,64}$/;
const TRANSFER_NO = /^[A-Za-z0-9]{1,32}$/;
/** From this many fen on a transfer detail needs the payee's (encrypted) real name. */
const NAME_REQUIRED_FEN = 200_000;
/** How long an h5_url opens WeChat's cashier. */
const H5_URL_TTL_MS = 5 * 60_000;
const H5_PATH = '/cgi-bin/mmpayweb-bin/checkmweb';
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

export async function startWechatPayStandIn(options: StandInOptions): Promise<WechatPayStandIn> {
  const orders = new Map<string, StandInOrder>();
  const requests: Recorded[] = [];
  const openids = new Set<string>(Object.values(options.oauthCodes ?? {}));
  const refunds = new Map<string, StandInRefund>();
  let refusal: RefundRefusal | null = null;
  const transfers = new Map<string, StandInTransferBatch>();
  const bills = new Map<string, StandInBill>();
  let transferRefusal: RefundRefusal | null = null;
  let lostTransferAnswers = 0;
  const billFiles = new Map<string, { file: Buffer; until: number }>();
  let corruptBills = false;
  const certificates = [...(options.certificates ?? [])];
  let signer: PlatformSigner = { privateKey: options.platformPrivateKey, serial: options.platformSerial };
  /** The serials of the platform keys WeChat Pay holds for this merchant: the public key's id and the certificates'. */
  const platformSerials = () => new Set([options.platformSerial, ...standIn.certificates.map((c) => c.serial)]);

  const signed = (body: string, by = signer, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> => {
    const nonce = randomBytes(16).toString('hex');
    const signature = sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), by.privateKey).toString('base64');
    return {
      'Wechatpay-Timestamp': String(timestamp),
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': by.serial,
      'Request-ID': randomBytes(8).toString('hex'),
    };
  };

  const answer = (res: ServerResponse, req: Recorded, status: number, payload?: unknown): void => {
    req.status = status;
    const body = payload === undefined ? '' : JSON.stringify(payload);
    res.writeHead(status, { ...(body ? { 'Content-Type': 'application/json' } : {}), ...signed(body) });
    res.end(body);
  };
  const fail = (res: ServerResponse, req: Recorded, status: number, code: string, message: string) => answer(res, req, status, { code, message });

  /** The merchant's signature: the scheme, its mchid and serial, a fresh timestamp, and the message signed with the merchant key. */
  const authorised = (method: string, url: string, headers: http.IncomingHttpHeaders, body: string): string | null => {
    const match = AUTH.exec(headers.authorization ?? '');
    if (!match) return 'no WECHATPAY2-SHA256-RSA2048 Authorization';
    const fields = Object.fromEntries(Array.from((match[1] ?? '').matchAll(/(\w+)="([^"]*)"/g), (m) => [m[1] ?? '', m[2] ?? '']));
    if (fields.mchid !== options.mchid) return 'mchid of the Authorization is not this merchant';
    if (fields.serial_no !== options.merchantSerial) return 'serial_no is not the merchant certificate';
    const timestamp = Number(fields.timestamp);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return 'timestamp out of range';
    if (!fields.nonce_str || !fields.signature) return 'nonce_str or signature missing';
    const message = `${method}\n${url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const ok = verify('sha256', Buffer.from(message), options.merchantPublicKey, Buffer.from(fields.signature, 'base64'));
    return ok ? null : 'signature does not verify';
  };

  const transaction = (order: StandInOrder): Record<string, unknown> => ({
    appid: order.appid,
    mchid: order.mchid,
    out_trade_no: order.outTradeNo,
    trade_type: order.tradeType,
    trade_state: order.state,
    trade_state_desc: order.state === 'SUCCESS' ? '支付成功' : order.state === 'CLOSED' ? '订单已关闭' : '订单未支付',
    attach: order.attach ?? '',
    ...(order.state === 'SUCCESS'
      ? {
          transaction_id: order.transactionId,
          bank_type: 'OTHERS',
          success_time: order.successTime,
          payer: { openid: order.openid ?? 'o-native-payer' },
          amount: { total: order.total, payer_total: order.total, currency: order.currency, payer_currency: order.currency },
        }
      : { amount: { currency: order.currency, payer_currency: order.currency } }),
  });

  function place(res: ServerResponse, rec: Recorded, tradeType: StandInOrder['tradeType'], body: string): void {
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return fail(res, rec, 400, 'PARAM_ERROR', 'body is not JSON');
    }
    const amount = (input.amount ?? {}) as Record<string, unknown>;
    const payer = (input.payer ?? {}) as Record<string, unknown>;
    const scene = (input.scene_info ?? {}) as Record<string, unknown>;
    const h5Info = (scene.h5_info ?? {}) as Record<string, unknown>;
    if (tradeType === 'H5' && options.h5Domain === undefined) return fail(res, rec, 403, 'NO_AUTH', 'the H5 payment product is not opened for this merchant');
    if (input.mchid !== options.mchid) return fail(res, rec, 400, 'MCH_NOT_EXISTS', 'mchid does not match the Authorization');
    if (input.appid !== options.appId) return fail(res, rec, 400, 'APPID_MCHID_NOT_MATCH', 'appid and mchid do not match');
    if (typeof input.out_trade_no !== 'string' || !TRADE_NO.test(input.out_trade_no)) return fail(res, rec, 400, 'PARAM_ERROR', 'out_trade_no');
    // At most 127 bytes of UTF-8, as WeChat Pay counts them.
    if (typeof input.description !== 'string' || input.description.length === 0 || Buffer.byteLength(input.description) > 127) {
      return fail(res, rec, 400, 'PARAM_ERROR', 'description');
    }
    if (typeof amount.total !== 'number' || !Number.isInteger(amount.total) || amount.total < 1) return fail(res, rec, 400, 'PARAM_ERROR', 'amount.total');
    if ((amount.currency ?? 'CNY') !== 'CNY') return fail(res, rec, 400, 'PARAM_ERROR', 'amount.currency');
    if (typeof input.notify_url !== 'string' || !/^https?:\/\/[^?#]+$/.test(input.notify_url)) return fail(res, rec, 400, 'PARAM_ERROR', 'notify_url');
    if (typeof input.time_expire !== 'string' || !RFC3339.test(input.time_expire) || Date.parse(input.time_expire) <= Date.now()) {
      return fail(res, rec, 400, 'PARAM_ERROR', 'time_expire');
    }
    if (tradeType === 'JSAPI' && (typeof payer.openid !== 'string' || !openids.has(payer.openid))) {
      return fail(res, rec, 400, 'PARAM_ERROR', 'openid does not belong to appid');
    }
    if (tradeType === 'H5') {
      if (typeof scene.payer_client_ip !== 'string' || scene.payer_client_ip.length > 45 || isIP(scene.payer_client_ip) === 0) {
        return fail(res, rec, 400, 'PARAM_ERROR', 'scene_info.payer_client_ip');
      }
      if (h5Info.type !== 'Wap' && h5Info.type !== 'iOS' && h5Info.type !== 'Android') return fail(res, rec, 400, 'PARAM_ERROR', 'scene_info.h5_info.type');
    }
    const existing = orders.get(input.out_trade_no);
    if (existing) {
      if (existing.state === 'CLOSED') return fail(res, rec, 400, 'ORDER_CLOSED', 'the order is closed');
      if (existing.placedWith !== body) return fail(res, rec, 403, 'OUT_TRADE_NO_USED', 'out_trade_no used with other parameters');
      return answer(res, rec, 200, placedAnswer(existing));
    }
    const prepayId = `wx${randomBytes(16).toString('hex')}`;
    const order: StandInOrder = {
      outTradeNo: input.out_trade_no,
      tradeType,
      appid: options.appId,
      mchid: options.mchid,
      description: input.description,
      total: amount.total,
      currency: 'CNY',
      notifyUrl: input.notify_url,
      timeExpire: input.time_expire,
      attach: typeof input.attach === 'string' ? input.attach : undefined,
      openid: typeof payer.openid === 'string' ? payer.openid : undefined,
      prepayId: tradeType === 'NATIVE' ? undefined : prepayId,
      codeUrl: tradeType === 'NATIVE' ? `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` : undefined,
      h5Url: tradeType === 'H5' ? `${standIn.origin}${H5_PATH}?prepay_id=${prepayId}&package=${randomBytes(5).readUInt32BE()}` : undefined,
      payerClientIp: tradeType === 'H5' && typeof scene.payer_client_ip === 'string' ? scene.payer_client_ip : undefined,
      placedAt: Date.now(),
      state: 'NOTPAY',
      transactionId: undefined,
      successTime: undefined,
      placedWith: body,
    };
    orders.set(order.outTradeNo, order);
    answer(res, rec, 200, placedAnswer(order));
  }

  const placedAnswer = (order: StandInOrder): Record<string, unknown> =>
    order.tradeType === 'JSAPI' ? { prepay_id: order.prepayId } : order.tradeType === 'H5' ? { h5_url: order.h5Url } : { code_url: order.codeUrl };

  /** An error page of WeChat's cashier: what a payer reads when the link may not be opened. */
  const cashierRefuses = (res: ServerResponse, rec: Recorded, status: number, text: string): void => {
    rec.status = status;
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(text);
  };

  /**
   * A visit of an h5_url, as WeChat's cashier page takes it: the link alive (5 minutes, the order
   * open and unpaid), opened from the payer's address and from a page of the authorised domain
   * (Referer), `redirect_url` on that domain. Then the payer pays in WeChat: the order is SUCCESS,
   * notified, and the browser sent to redirect_url.
   */
  async function visitH5(req: IncomingMessage, res: ServerResponse, rec: Recorded, parsed: URL): Promise<void> {
    const order = [...orders.values()].find((o) => o.tradeType === 'H5' && o.prepayId === parsed.searchParams.get('prepay_id'));
    if (!order || order.h5Url === undefined || !parsed.href.startsWith(order.h5Url.replace(standIn.origin, 'http://stand-in'))) {
      return cashierRefuses(res, rec, 404, '订单不存在');
    }
    if (Date.now() - order.placedAt > H5_URL_TTL_MS) return cashierRefuses(res, rec, 400, '支付链接已失效，请重新下单');
    if (order.state === 'CLOSED') return cashierRefuses(res, rec, 400, '订单已关闭');
    if (order.state !== 'NOTPAY') return cashierRefuses(res, rec, 400, '订单已支付');
    const forwarded = req.headers['x-forwarded-for'];
    const visitor = (typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined) ?? req.socket.remoteAddress ?? '';
    if (visitor.replace(/^::ffff:/, '') !== order.payerClientIp) return cashierRefuses(res, rec, 403, '网络环境未能通过安全验证，请稍后再试');
    const hostOf = (address: string | undefined) => {
      try {
        return address ? new URL(address).hostname : null;
      } catch {
        return null;
      }
    };
    if (hostOf(req.headers.referer) !== options.h5Domain) return cashierRefuses(res, rec, 403, '商家参数格式有误，请联系商家解决');
    const redirect = parsed.searchParams.get('redirect_url');
    if (redirect !== null && hostOf(redirect) !== options.h5Domain) return cashierRefuses(res, rec, 403, '商家参数格式有误，请联系商家解决');
    standIn.pay(order.outTradeNo);
    if (standIn.h5Notifies) await standIn.notify(order.outTradeNo);
    rec.status = redirect === null ? 200 : 302;
    res.writeHead(rec.status, redirect === null ? { 'Content-Type': 'text/plain; charset=utf-8' } : { Location: redirect });
    res.end(redirect === null ? '支付成功' : '');
  }

  const refundJson = (refund: StandInRefund): Record<string, unknown> => ({
    refund_id: refund.refundId,
    out_refund_no: refund.outRefundNo,
    transaction_id: orders.get(refund.outTradeNo)?.transactionId ?? '',
    out_trade_no: refund.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    create_time: new Date().toISOString().replace(/\.\d+Z$/, '+00:00'),
    status: refund.status,
    funds_account: 'AVAILABLE',
    amount: { total: refund.total, refund: refund.refund, payer_total: refund.total, payer_refund: refund.refund, currency: refund.currency },
  });

  function refund(res: ServerResponse, rec: Recorded, body: string): void {
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return fail(res, rec, 400, 'PARAM_ERROR', 'body is not JSON');
    }
    if (refusal) return fail(res, rec, refusal.status, refusal.code, refusal.message);
    const amount = (input.amount ?? {}) as Record<string, unknown>;
    if (typeof input.out_refund_no !== 'string' || !REFUND_NO.test(input.out_refund_no)) return fail(res, rec, 400, 'PARAM_ERROR', 'out_refund_no');
    if (typeof input.notify_url !== 'string' || !/^https?:\/\/[^?#]+$/.test(input.notify_url)) return fail(res, rec, 400, 'PARAM_ERROR', 'notify_url');
    if (input.reason !== undefined && (typeof input.reason !== 'string' || input.reason.length > 80)) return fail(res, rec, 400, 'PARAM_ERROR', 'reason');
    const order = typeof input.out_trade_no === 'string' ? orders.get(input.out_trade_no) : undefined;
    if (!order) return fail(res, rec, 404, 'RESOURCE_NOT_EXISTS', 'no such order');
    if (order.state !== 'SUCCESS' && order.state !== 'REFUND') return fail(res, rec, 400, 'INVALID_REQUEST', 'the order is not paid');
    if (amount.total !== order.total) return fail(res, rec, 400, 'PARAM_ERROR', 'amount.total is not the order total');
    if (typeof amount.refund !== 'number' || !Number.isInteger(amount.refund) || amount.refund < 1 || amount.refund > order.total) {
      return fail(res, rec, 400, 'PARAM_ERROR', 'amount.refund');
    }
    if (amount.currency !== 'CNY') return fail(res, rec, 400, 'PARAM_ERROR', 'amount.currency');
    const existing = refunds.get(input.out_refund_no);
    if (existing) {
      if (existing.outTradeNo !== order.outTradeNo || existing.refund !== amount.refund)
        return fail(res, rec, 400, 'INVALID_REQUEST', 'out_refund_no used for another refund');
      existing.asked += 1;
      return answer(res, rec, 200, refundJson(existing));
    }
    const refunded = [...refunds.values()].filter((r) => r.outTradeNo === order.outTradeNo && r.status !== 'CLOSED' && r.status !== 'ABNORMAL');
    if (refunded.reduce((sum, r) => sum + r.refund, 0) + amount.refund > order.total) return fail(res, rec, 403, 'NOT_ENOUGH', 'more than was paid');
    const made: StandInRefund = {
      outRefundNo: input.out_refund_no,
      outTradeNo: order.outTradeNo,
      refundId: `50300${Date.now()}${randomBytes(4).toString('hex')}`.slice(0, 32),
      refund: amount.refund,
      total: order.total,
      currency: 'CNY',
      notifyUrl: input.notify_url,
      reason: typeof input.reason === 'string' ? input.reason : undefined,
      status: 'PROCESSING',
      asked: 1,
      successTime: undefined,
    };
    refunds.set(made.outRefundNo, made);
    answer(res, rec, 200, refundJson(made));
  }

  const batchJson = (batch: StandInTransferBatch): Record<string, unknown> => ({
    out_batch_no: batch.outBatchNo,
    batch_id: batch.batchId,
    create_time: new Date().toISOString().replace(/\.\d+Z$/, '+08:00'),
    batch_status: 'ACCEPTED',
  });

  const detailJson = (batch: StandInTransferBatch, detail: StandInTransferDetail): Record<string, unknown> => ({
    mchid: options.mchid,
    out_batch_no: batch.outBatchNo,
    batch_id: batch.batchId,
    appid: batch.appid,
    out_detail_no: detail.outDetailNo,
    detail_id: detail.detailId,
    detail_status: detail.status,
    transfer_amount: detail.amount,
    transfer_remark: detail.remark,
    ...(detail.failReason ? { fail_reason: detail.failReason } : {}),
    openid: detail.openid,
    initiate_time: new Date().toISOString().replace(/\.\d+Z$/, '+08:00'),
    update_time: new Date().toISOString().replace(/\.\d+Z$/, '+08:00'),
  });

  /** POST /v3/transfer/batches (商家转账到零钱), checked as WeChat Pay checks it. */
  function transferBatch(res: ServerResponse, rec: Recorded, body: string): void {
    if (transferRefusal) return fail(res, rec, transferRefusal.status, transferRefusal.code, transferRefusal.message);
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return fail(res, rec, 400, 'PARAM_ERROR', 'body is not JSON');
    }
    if (input.appid !== options.appId) return fail(res, rec, 400, 'INVALID_REQUEST', 'appid and mchid do not match');
    if (typeof input.out_batch_no !== 'string' || !TRANSFER_NO.test(input.out_batch_no)) return fail(res, rec, 400, 'PARAM_ERROR', 'out_batch_no');
    const existing = transfers.get(input.out_batch_no);
    if (existing) {
      if (existing.sentWith !== body) return fail(res, rec, 400, 'INVALID_REQUEST', 'out_batch_no used with other parameters');
      existing.sent += 1;
      return answer(res, rec, 200, batchJson(existing));
    }
    const text = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= 32;
    if (!text(input.batch_name)) return fail(res, rec, 400, 'PARAM_ERROR', 'batch_name');
    if (!text(input.batch_remark)) return fail(res, rec, 400, 'PARAM_ERROR', 'batch_remark');
    const list = Array.isArray(input.transfer_detail_list) ? (input.transfer_detail_list as unknown[]) : [];
    if (list.length < 1 || list.length > 1000 || input.total_num !== list.length)
      return fail(res, rec, 400, 'PARAM_ERROR', 'total_num or transfer_detail_list');
    const details: StandInTransferDetail[] = [];
    for (const item of list) {
      const detail = (item ?? {}) as Record<string, unknown>;
      if (typeof detail.out_detail_no !== 'string' || !TRANSFER_NO.test(detail.out_detail_no)) return fail(res, rec, 400, 'PARAM_ERROR', 'out_detail_no');
      if (details.some((d) => d.outDetailNo === detail.out_detail_no)) return fail(res, rec, 400, 'PARAM_ERROR', 'out_detail_no repeated');
      if (typeof detail.transfer_amount !== 'number' || !Number.isInteger(detail.transfer_amount) || detail.transfer_amount < 1) {
        return fail(res, rec, 400, 'PARAM_ERROR', 'transfer_amount');
      }
      if (detail.transfer_amount >= NAME_REQUIRED_FEN && typeof detail.user_name !== 'string') return fail(res, rec, 400, 'PARAM_ERROR', 'user_name required');
      if (!text(detail.transfer_remark)) return fail(res, rec, 400, 'PARAM_ERROR', 'transfer_remark');
      if (typeof detail.openid !== 'string' || detail.openid.length === 0) return fail(res, rec, 400, 'PARAM_ERROR', 'openid');
      details.push({
        outBatchNo: input.out_batch_no,
        outDetailNo: detail.out_detail_no,
        detailId: `1040000${Date.now()}${randomBytes(6).toString('hex')}`.slice(0, 64),
        amount: detail.transfer_amount,
        openid: detail.openid,
        remark: String(detail.transfer_remark),
        // An open id this app never issued fails the transfer, as WeChat Pay's check does.
        status: openids.has(detail.openid) ? 'PROCESSING' : 'FAIL',
        failReason: openids.has(detail.openid) ? undefined : 'OPENID_INVALID',
      });
    }
    if (details.reduce((sum, d) => sum + d.amount, 0) !== input.total_amount)
      return fail(res, rec, 400, 'PARAM_ERROR', 'total_amount is not the sum of the details');
    const batch: StandInTransferBatch = {
      outBatchNo: input.out_batch_no,
      batchId: `1030000${Date.now()}${randomBytes(6).toString('hex')}`.slice(0, 64),
      appid: options.appId,
      totalAmount: input.total_amount,
      details,
      sentWith: body,
      sent: 1,
    };
    transfers.set(batch.outBatchNo, batch);
    if (lostTransferAnswers > 0) {
      lostTransferAnswers -= 1;
      return fail(res, rec, 500, 'SYSTEM_ERROR', 'system busy');
    }
    answer(res, rec, 200, batchJson(batch));
  }

  const chinaNow = () => new Date(Date.now() + 8 * 3600_000).toISOString().replace(/Z$/, '+08:00');

  const billAnswer = (bill: StandInBill): Record<string, unknown> => ({
    out_bill_no: bill.outBillNo,
    transfer_bill_no: bill.transferBillNo,
    create_time: chinaNow(),
    state: bill.state,
    ...(bill.failReason ? { fail_reason: bill.failReason } : {}),
    ...(bill.state === 'WAIT_USER_CONFIRM' ? { package_info: bill.packageInfo } : {}),
  });

  const billJson = (bill: StandInBill): Record<string, unknown> => ({
    mch_id: options.mchid,
    out_bill_no: bill.outBillNo,
    transfer_bill_no: bill.transferBillNo,
    appid: bill.appid,
    state: bill.state,
    transfer_amount: bill.amount,
    transfer_remark: bill.remark,
    ...(bill.failReason ? { fail_reason: bill.failReason } : {}),
    openid: bill.openid,
    create_time: chinaNow(),
    update_time: chinaNow(),
  });

  /** The report lines scene 1005 (佣金报酬) asks for: 岗位类型 and 报酬说明, each with a content of 1 to 32 characters. */
  const reportedFor1005 = (infos: unknown): boolean => {
    if (!Array.isArray(infos)) return false;
    const lines = infos.map((item) => (item ?? {}) as Record<string, unknown>);
    const has = (type: string) =>
      lines.some((line) => line.info_type === type && typeof line.info_content === 'string' && line.info_content.length > 0 && line.info_content.length <= 32);
    return has('岗位类型') && has('报酬说明');
  };

  /** POST /v3/fund-app/mch-transfer/transfer-bills (商家转账), checked as WeChat Pay checks it. */
  function transferBill(res: ServerResponse, rec: Recorded, body: string): void {
    if (transferRefusal) return fail(res, rec, transferRefusal.status, transferRefusal.code, transferRefusal.message);
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return fail(res, rec, 400, 'PARAM_ERROR', 'body is not JSON');
    }
    if (input.appid !== options.appId) return fail(res, rec, 400, 'INVALID_REQUEST', 'appid and mchid do not match');
    if (typeof input.out_bill_no !== 'string' || !TRANSFER_NO.test(input.out_bill_no)) return fail(res, rec, 400, 'PARAM_ERROR', 'out_bill_no');
    const existing = bills.get(input.out_bill_no);
    if (existing) {
      if (existing.sentWith !== body) return fail(res, rec, 400, 'INVALID_REQUEST', 'out_bill_no used with other parameters');
      existing.sent += 1;
      return answer(res, rec, 200, billAnswer(existing));
    }
    if (input.transfer_scene_id !== '1005') return fail(res, rec, 403, 'NO_AUTH', 'the transfer scene is not opened for this merchant');
    if (!reportedFor1005(input.transfer_scene_report_infos)) return fail(res, rec, 400, 'PARAM_ERROR', 'transfer_scene_report_infos');
    if (typeof input.user_recv_perception !== 'string' || input.user_recv_perception.length === 0)
      return fail(res, rec, 400, 'PARAM_ERROR', 'user_recv_perception');
    if (typeof input.openid !== 'string' || input.openid.length === 0) return fail(res, rec, 400, 'PARAM_ERROR', 'openid');
    const amount = input.transfer_amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) return fail(res, rec, 400, 'PARAM_ERROR', 'transfer_amount');
    if (amount >= NAME_REQUIRED_FEN && typeof input.user_name !== 'string') return fail(res, rec, 400, 'PARAM_ERROR', 'user_name required');
    if (typeof input.transfer_remark !== 'string' || input.transfer_remark.length === 0 || input.transfer_remark.length > 32) {
      return fail(res, rec, 400, 'PARAM_ERROR', 'transfer_remark');
    }
    if (typeof input.notify_url !== 'string' || !/^https?:\/\/[^?#]+$/.test(input.notify_url)) return fail(res, rec, 400, 'PARAM_ERROR', 'notify_url');
    const known = openids.has(input.openid);
    const bill: StandInBill = {
      outBillNo: input.out_bill_no,
      transferBillNo: `1330000${Date.now()}${randomBytes(8).toString('hex')}`.slice(0, 40),
      appid: options.appId,
      amount,
      openid: input.openid,
      remark: input.transfer_remark,
      notifyUrl: input.notify_url,
      // An open id this app never issued fails the bill, as WeChat Pay's check does.
      state: known ? 'WAIT_USER_CONFIRM' : 'FAIL',
      failReason: known ? undefined : 'OPENID_INVALID',
      packageInfo: `ABBQO+oYAAABAAAAAAB${randomBytes(24).toString('base64')}`,
      sentWith: body,
      sent: 1,
    };
    bills.set(bill.outBillNo, bill);
    if (lostTransferAnswers > 0) {
      lostTransferAnswers -= 1;
      return fail(res, rec, 500, 'SYSTEM_ERROR', 'system busy');
    }
    answer(res, rec, 200, billAnswer(bill));
  }

  /** POST …/out-bill-no/{no}/cancel: taken before the payee confirms; the bill turns CANCELING (the test finishes it). */
  function cancelBill(res: ServerResponse, rec: Recorded, outBillNo: string, body: string): void {
    if (transferRefusal) return fail(res, rec, transferRefusal.status, transferRefusal.code, transferRefusal.message);
    if (body !== '') return fail(res, rec, 400, 'PARAM_ERROR', 'the cancel takes no body');
    const bill = bills.get(outBillNo);
    if (!bill) return fail(res, rec, 404, 'NOT_FOUND', 'no such transfer bill');
    if (bill.state === 'ACCEPTED' || bill.state === 'PROCESSING' || bill.state === 'WAIT_USER_CONFIRM') bill.state = 'CANCELING';
    if (bill.state !== 'CANCELING' && bill.state !== 'CANCELLED') return fail(res, rec, 400, 'INVALID_REQUEST', `a ${bill.state} bill cannot be cancelled`);
    answer(res, rec, 200, { out_bill_no: bill.outBillNo, transfer_bill_no: bill.transferBillNo, state: bill.state, update_time: chinaNow() });
  }

  /** The day's payments and refunds, from the stand-in's record: paid (even refunded since) and succeeded that China day. */
  const dayOf = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
  const billRecords = (date: string): { payments: BillPayment[]; refunds: BillRefund[] } => {
    const paymentOf = (order: StandInOrder, time: number): BillPayment => ({
      time,
      appid: order.appid,
      mchid: order.mchid,
      transactionId: order.transactionId ?? '',
      outTradeNo: order.outTradeNo,
      openid: order.openid ?? 'o-native-payer',
      tradeType: order.tradeType,
      total: order.total,
      description: order.description,
      attach: order.attach ?? '',
    });
    const payments = [...orders.values()]
      .filter((o) => (o.state === 'SUCCESS' || o.state === 'REFUND') && o.successTime && dayOf(Date.parse(o.successTime)) === date)
      .map((o) => paymentOf(o, Date.parse(o.successTime ?? '')));
    const refunded = [...refunds.values()].filter((r) => r.status === 'SUCCESS' && r.successTime !== undefined && dayOf(r.successTime) === date);
    return {
      payments,
      refunds: refunded.flatMap((r) => {
        const order = orders.get(r.outTradeNo);
        return order ? [{ ...paymentOf(order, r.successTime ?? 0), refundId: r.refundId, outRefundNo: r.outRefundNo, refund: r.refund }] : [];
      }),
    };
  };

  /** GET /v3/bill/tradebill and /v3/bill/fundflowbill: the day's file made, its SHA1 and a download_url answered. */
  function billRequest(res: ServerResponse, rec: Recorded, parsed: URL): void {
    const date = parsed.searchParams.get('bill_date') ?? '';
    const trade = parsed.pathname === '/v3/bill/tradebill';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00+08:00`))) return fail(res, rec, 400, 'PARAM_ERROR', 'bill_date');
    if (trade && !['ALL', 'SUCCESS', 'REFUND', null].includes(parsed.searchParams.get('bill_type'))) return fail(res, rec, 400, 'PARAM_ERROR', 'bill_type');
    if (!trade && !['BASIC', 'OPERATION', 'FEES', null].includes(parsed.searchParams.get('account_type')))
      return fail(res, rec, 400, 'PARAM_ERROR', 'account_type');
    if (parsed.searchParams.has('tar_type')) return fail(res, rec, 400, 'PARAM_ERROR', 'the stand-in writes no GZIP');
    const dayStart = Date.parse(`${date}T00:00:00+08:00`);
    const now = (options.billClock ?? Date.now)();
    if (now < dayStart + 24 * 3600_000 + 10 * 3600_000) return fail(res, rec, 400, 'STATEMENT_CREATING', '账单生成中');
    if (now - dayStart > 92 * 24 * 3600_000) return fail(res, rec, 400, 'INVALID_REQUEST', '仅支持三个月内的账单');
    const { payments, refunds: refunded } = billRecords(date);
    const kind = parsed.searchParams.get('bill_type') ?? 'ALL';
    const shown = { payments: kind === 'REFUND' ? [] : payments, refunds: kind === 'SUCCESS' ? [] : refunded };
    if (shown.payments.length + shown.refunds.length === 0) return fail(res, rec, 400, 'NO_STATEMENT_EXIST', '账单文件不存在');
    const file = Buffer.from(trade ? tradeBill(shown.payments, shown.refunds) : fundFlowBill(shown.payments, shown.refunds), 'utf8');
    const token = randomBytes(24).toString('base64url');
    billFiles.set(token, { file, until: Date.now() + 30_000 });
    answer(res, rec, 200, {
      hash_type: 'SHA1',
      hash_value: createHash('sha1').update(file).digest('hex'),
      download_url: `${standIn.origin}/v3/billdownload/file?token=${token}`,
    });
  }

  /** GET /v3/billdownload/file: the file, unsigned (WeChat Pay signs no file: the hash checks it), while its token lasts. */
  function billDownload(res: ServerResponse, rec: Recorded, parsed: URL): void {
    const made = billFiles.get(parsed.searchParams.get('token') ?? '');
    if (!made || made.until < Date.now()) return fail(res, rec, 400, 'INVALID_REQUEST', 'the download_url has expired: ask for the bill again');
    rec.status = 200;
    const file = corruptBills
      ? Buffer.from(
          made.file.toString('utf8').replace(/`(\d+)\.(\d\d),/, (_m, y: string, f: string) => `\`${Number(y) + 1}.${f},`),
          'utf8',
        )
      : made.file;
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    res.end(file);
  }

  /** A notification body as WeChat Pay sends it: the resource encrypted with the API v3 key, the whole signed. */
  const encryptedNotification = (resource: string, kind: { originalType: string; event: string; summary: string }, opts: NotificationOptions): Notification => {
    const nonce = randomBytes(6).toString('hex');
    const associatedData = kind.originalType;
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(options.apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(associatedData));
    const ciphertext = Buffer.concat([cipher.update(resource, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const body = JSON.stringify({
      id: `EV-${randomBytes(8).toString('hex')}`,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: kind.event,
      summary: kind.summary,
      resource: { original_type: kind.originalType, algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce },
    });
    const headers = signed(body, { privateKey: opts.signWith ?? signer.privateKey, serial: opts.serial ?? signer.serial }, opts.timestamp);
    return { headers: { ...headers, 'Content-Type': 'application/json' }, body };
  };

  /** One entry of `GET /v3/certificates`: the PEM encrypted like a notification's resource. */
  const encryptedCertificate = (certificate: StandInCertificate) => {
    const nonce = randomBytes(6).toString('hex');
    const associatedData = 'certificate';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(options.apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(associatedData));
    const ciphertext = Buffer.concat([cipher.update(certificate.pem, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const x509 = new X509Certificate(certificate.pem);
    return {
      serial_no: certificate.serial,
      effective_time: new Date(x509.validFrom).toISOString(),
      expire_time: new Date(x509.validTo).toISOString(),
      encrypt_certificate: { algorithm: 'AEAD_AES_256_GCM', associated_data: associatedData, nonce, ciphertext },
    };
  };

  function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const method = req.method ?? '';
    const url = req.url ?? '';
    const serial = req.headers['wechatpay-serial'];
    const rec: Recorded = { method, url, status: 0, serial: typeof serial === 'string' ? serial : undefined, referer: req.headers.referer };
    requests.push(rec);
    const parsed = new URL(url, 'http://stand-in');

    // WeChat's OAuth (api.weixin.qq.com), unsigned, errors as 200 with errcode.
    if (parsed.pathname === '/sns/oauth2/access_token') {
      const openid = options.oauthCodes?.[parsed.searchParams.get('code') ?? ''];
      rec.status = 200;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(openid ? { access_token: 'at', expires_in: 7200, openid, scope: 'snsapi_userinfo' } : { errcode: 40029, errmsg: 'invalid code' }));
      return;
    }

    // The official account's access token and JS-SDK ticket (api.weixin.qq.com), for pages signed in the chat-app browser.
    if (parsed.pathname === '/cgi-bin/token' || parsed.pathname === '/cgi-bin/ticket/getticket') {
      rec.status = 200;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const token = parsed.pathname === '/cgi-bin/token';
      res.end(
        JSON.stringify(
          token ? { access_token: 'stand-in-token', expires_in: 7200 } : { errcode: 0, errmsg: 'ok', ticket: 'stand-in-ticket', expires_in: 7200 },
        ),
      );
      return;
    }

    // WeChat's cashier page: a browser's visit, not an API call.
    if (method === 'GET' && parsed.pathname === H5_PATH) {
      visitH5(req, res, rec, parsed).catch(() => cashierRefuses(res, rec, 500, 'system error'));
      return;
    }

    const refused = authorised(method, url, req.headers, body);
    if (refused) return fail(res, rec, 401, 'SIGN_ERROR', refused);

    if (method === 'GET' && parsed.pathname === '/v3/certificates') return answer(res, rec, 200, { data: standIn.certificates.map(encryptedCertificate) });
    // WeChat Pay decrypts what a request encrypted with the platform key it names: it must be one of this merchant's.
    if (rec.serial === undefined || !platformSerials().has(rec.serial)) {
      return fail(res, rec, 400, 'PARAM_ERROR', `Wechatpay-Serial ${rec.serial ?? 'missing'} is no platform key of this merchant`);
    }

    if (method === 'GET' && (parsed.pathname === '/v3/bill/tradebill' || parsed.pathname === '/v3/bill/fundflowbill')) return billRequest(res, rec, parsed);
    if (method === 'GET' && parsed.pathname === '/v3/billdownload/file') return billDownload(res, rec, parsed);
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(parsed.pathname);
    if (method === 'GET' && refundQuery) {
      const made = refunds.get(decodeURIComponent(refundQuery[1] ?? ''));
      if (!made) return fail(res, rec, 404, 'RESOURCE_NOT_EXISTS', 'no such refund');
      return answer(res, rec, 200, refundJson(made));
    }
    if (method === 'POST' && parsed.pathname === '/v3/pay/transactions/jsapi') return place(res, rec, 'JSAPI', body);
    if (method === 'POST' && parsed.pathname === '/v3/refund/domestic/refunds') return refund(res, rec, body);
    if (method === 'POST' && parsed.pathname === '/v3/pay/transactions/native') return place(res, rec, 'NATIVE', body);
    if (method === 'POST' && parsed.pathname === '/v3/pay/transactions/h5') return place(res, rec, 'H5', body);
    if (method === 'POST' && parsed.pathname === '/v3/transfer/batches') return transferBatch(res, rec, body);
    if (method === 'POST' && parsed.pathname === '/v3/fund-app/mch-transfer/transfer-bills') return transferBill(res, rec, body);
    const billPath = /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/]+)(\/cancel)?$/.exec(parsed.pathname);
    if (billPath && method === 'POST' && billPath[2]) return cancelBill(res, rec, decodeURIComponent(billPath[1] ?? ''), body);
    if (billPath && method === 'GET' && !billPath[2]) {
      if (transferRefusal) return fail(res, rec, transferRefusal.status, transferRefusal.code, transferRefusal.message);
      const bill = bills.get(decodeURIComponent(billPath[1] ?? ''));
      if (!bill) return fail(res, rec, 404, 'NOT_FOUND', 'no such transfer bill');
      return answer(res, rec, 200, billJson(bill));
    }
    const detailQuery = /^\/v3\/transfer\/batches\/out-batch-no\/([^/]+)\/details\/out-detail-no\/([^/]+)$/.exec(parsed.pathname);
    if (method === 'GET' && detailQuery) {
      if (transferRefusal) return fail(res, rec, transferRefusal.status, transferRefusal.code, transferRefusal.message);
      const batch = transfers.get(decodeURIComponent(detailQuery[1] ?? ''));
      const detail = batch?.details.find((d) => d.outDetailNo === decodeURIComponent(detailQuery[2] ?? ''));
      if (!batch || !detail) return fail(res, rec, 404, 'NOT_FOUND', 'no such transfer detail');
      return answer(res, rec, 200, detailJson(batch, detail));
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(parsed.pathname);
    if (method === 'GET' && query) {
      if (parsed.searchParams.get('mchid') !== options.mchid) return fail(res, rec, 400, 'PARAM_ERROR', 'mchid');
      const order = orders.get(decodeURIComponent(query[1] ?? ''));
      if (!order) return fail(res, rec, 404, 'ORDER_NOT_EXIST', 'no such order');
      return answer(res, rec, 200, transaction(order));
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(parsed.pathname);
    if (method === 'POST' && close) {
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return fail(res, rec, 400, 'PARAM_ERROR', 'body is not JSON');
      }
      if (input.mchid !== options.mchid) return fail(res, rec, 400, 'PARAM_ERROR', 'mchid');
      const order = orders.get(decodeURIComponent(close[1] ?? ''));
      if (!order) return fail(res, rec, 404, 'ORDER_NOT_EXIST', 'no such order');
      if (order.state === 'SUCCESS') return fail(res, rec, 400, 'ORDERPAID', 'the order is paid');
      order.state = 'CLOSED';
      return answer(res, rec, 204);
    }
    fail(res, rec, 404, 'NOT_FOUND', `${method} ${parsed.pathname}`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const orderOf = (outTradeNo: string): StandInOrder => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`the stand-in has no order ${outTradeNo}`);
    return order;
  };

  const billOf = (outBillNo: string): StandInBill => {
    const bill = bills.get(outBillNo);
    if (!bill) throw new Error(`the stand-in has no transfer bill ${outBillNo}`);
    return bill;
  };

  const refundOf = (outRefundNo: string): StandInRefund => {
    const made = refunds.get(outRefundNo);
    if (!made) throw new Error(`the stand-in has no refund ${outRefundNo}`);
    return made;
  };

  const standIn: WechatPayStandIn = {
    origin: `http://127.0.0.1:${port}`,
    orders,
    requests,
    openids,
    certificates,
    h5Notifies: true,
    signWith(next) {
      signer = next;
    },
    pay(outTradeNo) {
      const order = orderOf(outTradeNo);
      if (order.state === 'CLOSED') throw new Error(`the stand-in's order ${outTradeNo} is closed: nobody can pay it`);
      if (order.state !== 'SUCCESS') {
        order.state = 'SUCCESS';
        order.transactionId = `4200${Date.now()}${randomBytes(4).toString('hex')}`.slice(0, 32);
        order.successTime = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
      }
      return order;
    },
    notification(outTradeNo, opts = {}) {
      const resource = JSON.stringify({ ...transaction(orderOf(outTradeNo)), ...opts.transaction });
      return encryptedNotification(resource, { originalType: 'transaction', event: 'TRANSACTION.SUCCESS', summary: '支付成功' }, opts);
    },
    async notify(outTradeNo, opts) {
      return standIn.deliver(outTradeNo, standIn.notification(outTradeNo, opts));
    },
    async deliver(outTradeNo, notification) {
      const res = await fetch(orderOf(outTradeNo).notifyUrl, { method: 'POST', headers: notification.headers, body: notification.body });
      return { status: res.status, body: await res.text() };
    },
    refunds,
    refuseRefunds(next) {
      refusal = next;
    },
    finishRefund(outRefundNo, status = 'SUCCESS') {
      const made = refundOf(outRefundNo);
      made.status = status;
      if (status === 'SUCCESS') {
        orderOf(made.outTradeNo).state = 'REFUND';
        made.successTime = Date.now();
      }
      return made;
    },
    refundNotification(outRefundNo, opts = {}) {
      const made = refundOf(outRefundNo);
      const order = orderOf(made.outTradeNo);
      const resource = JSON.stringify({
        mchid: options.mchid,
        out_trade_no: made.outTradeNo,
        transaction_id: order.transactionId ?? '',
        out_refund_no: made.outRefundNo,
        refund_id: made.refundId,
        refund_status: made.status,
        ...(made.status === 'SUCCESS' ? { success_time: new Date().toISOString().replace(/\.\d+Z$/, '+00:00') } : {}),
        user_received_account: '支付用户零钱',
        amount: { total: made.total, refund: made.refund, payer_total: made.total, payer_refund: made.refund },
        ...opts.refund,
      });
      const event = `REFUND.${made.status === 'PROCESSING' ? 'SUCCESS' : made.status}`;
      return encryptedNotification(resource, { originalType: 'refund', event, summary: '退款状态' }, opts);
    },
    async notifyRefund(outRefundNo, opts) {
      return standIn.deliverRefund(outRefundNo, standIn.refundNotification(outRefundNo, opts));
    },
    async deliverRefund(outRefundNo, notification) {
      const res = await fetch(refundOf(outRefundNo).notifyUrl, { method: 'POST', headers: notification.headers, body: notification.body });
      return { status: res.status, body: await res.text() };
    },
    transfers,
    refuseTransfers(next) {
      transferRefusal = next;
    },
    loseTransferAnswers(count) {
      lostTransferAnswers = count;
    },
    finishTransfer(outDetailNo, status, failReason) {
      const detail = [...transfers.values()].flatMap((b) => b.details).find((d) => d.outDetailNo === outDetailNo);
      if (!detail) throw new Error(`the stand-in has no transfer detail ${outDetailNo}`);
      detail.status = status;
      detail.failReason = status === 'FAIL' ? (failReason ?? 'ACCOUNT_FROZEN') : undefined;
      return detail;
    },
    transferredFen: () =>
      [...transfers.values()]
        .flatMap((b) => b.details)
        .filter((d) => d.status === 'SUCCESS')
        .reduce((sum, d) => sum + d.amount, 0) + [...bills.values()].filter((b) => b.state === 'SUCCESS').reduce((sum, b) => sum + b.amount, 0),
    bills,
    confirmBill(outBillNo) {
      const bill = billOf(outBillNo);
      if (bill.state !== 'WAIT_USER_CONFIRM') throw new Error(`bill ${outBillNo} is ${bill.state}: nothing to confirm`);
      bill.state = 'SUCCESS';
      return bill;
    },
    finishBill(outBillNo, state, failReason) {
      const bill = billOf(outBillNo);
      bill.state = state;
      bill.failReason = state === 'FAIL' ? (failReason ?? 'PAYEE_ACCOUNT_ABNORMAL') : undefined;
      return bill;
    },
    billNotification(outBillNo, opts = {}) {
      const bill = billOf(outBillNo);
      const resource = JSON.stringify({
        mchid: options.mchid,
        out_bill_no: bill.outBillNo,
        transfer_bill_no: bill.transferBillNo,
        state: bill.state,
        transfer_amount: bill.amount,
        ...(bill.failReason ? { fail_reason: bill.failReason } : {}),
        openid: bill.openid,
        create_time: chinaNow(),
        update_time: chinaNow(),
        ...opts.bill,
      });
      return encryptedNotification(resource, { originalType: 'mch_payment', event: 'MCHTRANSFER.BILL.FINISHED', summary: '商家转账单据终态通知' }, opts);
    },
    corruptBillDownloads(on) {
      corruptBills = on;
    },
    async deliverBill(outBillNo, notification) {
      const res = await fetch(billOf(outBillNo).notifyUrl, { method: 'POST', headers: notification.headers, body: notification.body });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
