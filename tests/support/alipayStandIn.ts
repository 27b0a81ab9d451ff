import { randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipayBillZip } from './alipayBillFile';

/**
 * A local stand-in for Alipay's open platform gateway (docs/decisions/044), written from the
 * protocol, not from our client or the SDK: every request's RSA2 signature (SHA256withRSA over the
 * sorted `key=value` pairs but `sign`) is checked with the app's public key (else
 * isv.invalid-signature), as are app_id, the timestamp (China's time, 10 minutes either way), the
 * product code, amounts and time_expire. Opening a page-pay or wap-pay URL makes the trade, as
 * Alipay's cashier does; alipay.trade.query and alipay.trade.close answer JSON signed with the
 * stand-in's own "Alipay" private key; notifications are form posts signed as Alipay signs them
 * (sorted pairs without `sign` and `sign_type`). alipay.trade.refund (docs/decisions/049) refunds a
 * paid trade at once and says so with fund_change 'Y'; the same out_request_no again answers
 * 'N' (no money moved this time), and alipay.trade.fastpay.refund.query tells it was done.
 * A browser (Accept: text/html) gets the cashier as a page whose Pay button pays the trade, posts
 * the notification and sends the payer back to return_url, as Alipay's cashier does.
 * alipay.data.dataservice.bill.downloadurl.query (docs/decisions/070, bill_type trade) answers a
 * bill_download_url, valid 30 seconds, of a zip the stand-in writes from its own trades and
 * refunds (by their times, China's day) once the day is over and it is 09:00 the next day by
 * `billClock` (else, or with no trade that day, isp.bill_not_exist).
 */

export interface AlipayStandInOptions {
  appId: string;
  /** The app's public key: requests and pay URLs must verify with it. */
  appPublicKey: KeyObject;
  /** "Alipay's" private key: signs answers and notifications. */
  alipayPrivateKey: KeyObject;
  sellerId?: string;
  /** Alipay's clock for which bills are made already (the real clock by default): a test moves it on a few days. */
  billClock?: () => number;
}

export interface StandInTrade {
  outTradeNo: string;
  product: 'page' | 'wap';
  subject: string;
  totalAmount: string;
  timeExpire: string;
  notifyUrl: string;
  returnUrl: string;
  quitUrl: string | undefined;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';
  tradeNo: string;
  gmtPayment: string | undefined;
}

export interface StandInRefund {
  outTradeNo: string;
  outRequestNo: string;
  refundAmount: string;
  reason: string | undefined;
  /** How many refund requests asked for it. */
  asked: number;
  /** When the money went back: yyyy-MM-dd HH:mm:ss, China time. */
  gmtRefund: string;
}

export interface AlipayRecorded {
  httpMethod: string;
  /** The API method (alipay.trade.query, …). */
  method: string;
  outTradeNo: string | undefined;
  /** 10000, or the refusal's sub_code. */
  outcome: string;
}

export interface AlipayStandIn {
  origin: string;
  gateway: string;
  trades: Map<string, StandInTrade>;
  requests: AlipayRecorded[];
  /** The payer's browser opening a pay URL: the status and the cashier's text (the refusal's sub_code on failure). */
  open(url: string): Promise<{ status: number; text: string }>;
  /** The payer pays: the trade is TRADE_SUCCESS (no notification is sent; see notify()). */
  pay(outTradeNo: string): StandInTrade;
  /** A signed notification's form fields; `fields` overrides some before signing, `signWith` another key. */
  notification(outTradeNo: string, options?: { fields?: Record<string, string | undefined>; signWith?: KeyObject }): Record<string, string>;
  /** Posts a notification to the trade's notify_url, as Alipay does. */
  notify(outTradeNo: string, options?: Parameters<AlipayStandIn['notification']>[1]): Promise<{ status: number; body: string }>;
  /** Posts given form fields (the same again: a replay) to the trade's notify_url. */
  deliver(outTradeNo: string, fields: Record<string, string>): Promise<{ status: number; body: string }>;
  /** Where the cashier sends the payer after paying: the trade's return_url with Alipay's signed sync-return fields. */
  returnUrl(outTradeNo: string): string;
  /** Refunds made, by `out_trade_no|out_request_no`. */
  refunds: Map<string, StandInRefund>;
  /** Refuses every refund request with this sub_code from now on (null: accept them again). */
  refuseRefunds(subCode: string | null): void;
  /** The next `count` refunds are made but answered 20000 (a system error), as when the answer is lost. */
  loseRefundAnswers(count: number): void;
  close(): Promise<void>;
}

const TRADE_NO = /^[A-Za-z0-9_]{1,64}$/;
const AMOUNT = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,2})?$/;
const CHINA_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const PRODUCTS: Record<string, { product: 'page' | 'wap'; code: string }> = {
  'alipay.trade.page.pay': { product: 'page', code: 'FAST_INSTANT_TRADE_PAY' },
  'alipay.trade.wap.pay': { product: 'wap', code: 'QUICK_WAP_WAY' },
};

/** `k=v&…` of the pairs sorted by key, as Alipay signs and verifies. */
export function alipaySignContent(fields: Record<string, string>, leaveOut: readonly string[]): string {
  return Object.keys(fields)
    .filter((key) => !leaveOut.includes(key))
    .sort()
    .map((key) => `${key}=${fields[key] ?? ''}`)
    .join('&');
}

const CASHIER_PAY = '/cashier/pay';

/** The cashier as a browser sees it: the trade and a Pay button. */
const cashierPage = (text: string, outTradeNo: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Alipay cashier (stand-in)</title><link rel="icon" href="data:,"></head><body>` +
  `<p>${text.replace(/[<>&"]/g, '')}</p><form method="post" action="${CASHIER_PAY}">` +
  `<input type="hidden" name="out_trade_no" value="${outTradeNo.replace(/[<>&"]/g, '')}"><button type="submit">Pay</button></form></body></html>`;

const chinaMs = (text: string) => Date.parse(`${text.replace(' ', 'T')}+08:00`);
const chinaNow = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startAlipayStandIn(options: AlipayStandInOptions): Promise<AlipayStandIn> {
  const trades = new Map<string, StandInTrade>();
  const requests: AlipayRecorded[] = [];
  const refunds = new Map<string, StandInRefund>();
  let refusedWith: string | null = null;
  let lostRefundAnswers = 0;
  const sellerId = options.sellerId ?? '2088000000000001';
  const verifies = (content: string, signature: string): boolean => {
    try {
      return verify('sha256', Buffer.from(content, 'utf8'), options.appPublicKey, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  };
  const rsa2 = (content: string, key: KeyObject = options.alipayPrivateKey) => sign('sha256', Buffer.from(content, 'utf8'), key).toString('base64');

  /** What is wrong with a signed request, or null: the signature, the app, the common parameters. */
  const refusal = (fields: Record<string, string>): { sub: string; msg: string } | null => {
    const signature = fields.sign ?? '';
    const ok = signature !== '' && verifies(alipaySignContent(fields, ['sign']), signature);
    if (!ok) return { sub: 'isv.invalid-signature', msg: '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配' };
    if (fields.app_id !== options.appId) return { sub: 'isv.invalid-app-id', msg: '无效的AppID参数' };
    if (fields.sign_type !== 'RSA2') return { sub: 'isv.invalid-signature-type', msg: '无效的签名类型' };
    if (fields.charset !== 'utf-8' || fields.version !== '1.0') return { sub: 'isv.invalid-charset', msg: '字符集或版本错误' };
    const at = chinaMs(fields.timestamp ?? '');
    if (!CHINA_TIME.test(fields.timestamp ?? '') || Math.abs(at - Date.now()) > 10 * 60_000) return { sub: 'isv.invalid-timestamp', msg: '非法的时间戳参数' };
    return null;
  };

  const bizOf = (fields: Record<string, string>): Record<string, unknown> => {
    try {
      const parsed: unknown = JSON.parse(fields.biz_content ?? '');
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };

  /** A JSON answer as the gateway gives it: `{"<method>_response":{…},"sign":"…"}`, the sign over the inner JSON text. */
  const answer = (res: ServerResponse, rec: AlipayRecorded, method: string, body: Record<string, unknown>): void => {
    rec.outcome = body.code === '10000' ? '10000' : String(body.sub_code ?? body.code);
    const inner = JSON.stringify(body);
    const text = `{"${method.replace(/\./g, '_')}_response":${inner},"sign":"${rsa2(inner)}"}`;
    res.writeHead(200, { 'Content-Type': 'text/html;charset=utf-8' });
    res.end(text);
  };
  const businessFailure = (sub: string, msg: string) => ({ code: '40004', msg: 'Business Failed', sub_code: sub, sub_msg: msg });

  function cashier(res: ServerResponse, rec: AlipayRecorded, fields: Record<string, string>, browser = false): void {
    const page = (status: number, text: string) => {
      rec.outcome = status === 200 ? '10000' : text;
      if (browser && status === 200) {
        res.writeHead(status, { 'Content-Type': 'text/html;charset=utf-8' });
        res.end(cashierPage(text, rec.outTradeNo ?? ''));
        return;
      }
      res.writeHead(status, { 'Content-Type': 'text/plain;charset=utf-8' });
      res.end(text);
    };
    const biz = bizOf(fields);
    const str = (key: string) => (typeof biz[key] === 'string' ? biz[key] : '');
    rec.outTradeNo = str('out_trade_no');
    const refused = refusal(fields);
    if (refused) return page(400, refused.sub);
    const product = PRODUCTS[fields.method ?? ''];
    if (!product) return page(400, 'isv.invalid-method');
    if (!TRADE_NO.test(str('out_trade_no'))) return page(400, 'isv.invalid-out-trade-no');
    if (str('product_code') !== product.code) return page(400, 'isv.invalid-product-code');
    if (!AMOUNT.test(str('total_amount')) || Number(str('total_amount')) < 0.01) return page(400, 'isv.invalid-total-amount');
    const subject = str('subject');
    if (subject.length === 0 || subject.length > 256 || /[/=&]/.test(subject)) return page(400, 'isv.invalid-subject');
    if (!CHINA_TIME.test(str('time_expire')) || chinaMs(str('time_expire')) <= Date.now()) return page(400, 'ACQ.TRADE_HAS_CLOSE');
    if (!/^https?:\/\/[^?#]+$/.test(fields.notify_url ?? '')) return page(400, 'isv.invalid-notify-url');
    if (!/^https?:\/\//.test(fields.return_url ?? '')) return page(400, 'isv.invalid-return-url');
    const existing = trades.get(str('out_trade_no'));
    if (existing) {
      if (existing.totalAmount !== str('total_amount') || existing.subject !== subject) return page(400, 'ACQ.TRADE_HAS_CHANGE');
      if (existing.status !== 'WAIT_BUYER_PAY') return page(400, existing.status === 'TRADE_CLOSED' ? 'ACQ.TRADE_HAS_CLOSE' : 'ACQ.TRADE_HAS_SUCCESS');
      existing.returnUrl = fields.return_url ?? existing.returnUrl;
      return page(200, `cashier ${existing.outTradeNo} ${existing.totalAmount}`);
    }
    const trade: StandInTrade = {
      outTradeNo: str('out_trade_no'),
      product: product.product,
      subject,
      totalAmount: str('total_amount'),
      timeExpire: str('time_expire'),
      notifyUrl: fields.notify_url ?? '',
      returnUrl: fields.return_url ?? '',
      quitUrl: str('quit_url') || undefined,
      status: 'WAIT_BUYER_PAY',
      tradeNo: `2026${Date.now()}${randomBytes(4).toString('hex')}`.slice(0, 28),
      gmtPayment: undefined,
    };
    trades.set(trade.outTradeNo, trade);
    page(200, `cashier ${trade.outTradeNo} ${trade.totalAmount}`);
  }

  function api(res: ServerResponse, rec: AlipayRecorded, fields: Record<string, string>): void {
    const method = fields.method ?? '';
    const biz = bizOf(fields);
    const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    rec.outTradeNo = outTradeNo;
    const refused = refusal(fields);
    if (refused) return answer(res, rec, method, { code: '40002', msg: 'Invalid Arguments', sub_code: refused.sub, sub_msg: refused.msg });
    const trade = trades.get(outTradeNo);
    if (method === 'alipay.trade.query') {
      if (!trade) return answer(res, rec, method, businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在'));
      const paid = trade.status === 'TRADE_SUCCESS' || trade.status === 'TRADE_FINISHED';
      return answer(res, rec, method, {
        code: '10000',
        msg: 'Success',
        buyer_logon_id: 'pay***@example.com',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        ...(paid ? { buyer_pay_amount: trade.totalAmount, send_pay_date: trade.gmtPayment, buyer_user_id: '2088102122524333' } : {}),
      });
    }
    if (method === 'alipay.trade.close') {
      if (!trade) return answer(res, rec, method, businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在'));
      if (trade.status !== 'WAIT_BUYER_PAY') return answer(res, rec, method, businessFailure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
      trade.status = 'TRADE_CLOSED';
      return answer(res, rec, method, { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo });
    }
    if (method === 'alipay.trade.refund') return refund(res, rec, biz, trade);
    if (method === 'alipay.data.dataservice.bill.downloadurl.query') return billUrl(res, rec, biz);
    if (method === 'alipay.trade.fastpay.refund.query') {
      if (!trade) return answer(res, rec, method, businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在'));
      const requestNo = typeof biz.out_request_no === 'string' ? biz.out_request_no : '';
      const made = refunds.get(`${trade.outTradeNo}|${requestNo}`);
      // A refund never made answers 10000 without refund_status, as Alipay does.
      return answer(res, rec, method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        out_request_no: requestNo,
        ...(made ? { refund_amount: made.refundAmount, total_amount: trade.totalAmount, refund_status: 'REFUND_SUCCESS' } : {}),
      });
    }
    answer(res, rec, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' });
  }

  function refund(res: ServerResponse, rec: AlipayRecorded, biz: Record<string, unknown>, trade: StandInTrade | undefined): void {
    const method = 'alipay.trade.refund';
    if (!trade) return answer(res, rec, method, businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在'));
    if (refusedWith) return answer(res, rec, method, businessFailure(refusedWith, '退款被拒绝'));
    const amount = typeof biz.refund_amount === 'string' ? biz.refund_amount : '';
    if (!AMOUNT.test(amount) || Number(amount) < 0.01) return answer(res, rec, method, businessFailure('ACQ.INVALID_PARAMETER', '参数无效'));
    const requestNo = typeof biz.out_request_no === 'string' && biz.out_request_no !== '' ? biz.out_request_no : trade.outTradeNo;
    if (!TRADE_NO.test(requestNo)) return answer(res, rec, method, businessFailure('ACQ.INVALID_PARAMETER', 'out_request_no'));
    const reason = typeof biz.refund_reason === 'string' ? biz.refund_reason : undefined;
    const key = `${trade.outTradeNo}|${requestNo}`;
    const done = [...refunds.values()].filter((r) => r.outTradeNo === trade.outTradeNo);
    const refundedCents = done.reduce((sum, r) => sum + Math.round(Number(r.refundAmount) * 100), 0);
    const base = { code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, buyer_logon_id: 'pay***@example.com' };
    const existing = refunds.get(key);
    if (existing) {
      if (existing.refundAmount !== amount) return answer(res, rec, method, businessFailure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额与原请求不一致'));
      existing.asked += 1;
      return answer(res, rec, method, { ...base, fund_change: 'N', refund_fee: (refundedCents / 100).toFixed(2) });
    }
    if (trade.status !== 'TRADE_SUCCESS' && !(trade.status === 'TRADE_CLOSED' && refundedCents > 0))
      return answer(res, rec, method, businessFailure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
    const cents = Math.round(Number(amount) * 100);
    if (refundedCents + cents > Math.round(Number(trade.totalAmount) * 100)) {
      return answer(res, rec, method, businessFailure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限'));
    }
    refunds.set(key, { outTradeNo: trade.outTradeNo, outRequestNo: requestNo, refundAmount: amount, reason, asked: 1, gmtRefund: chinaNow() });
    // Refunded whole, the trade closes.
    if (refundedCents + cents === Math.round(Number(trade.totalAmount) * 100)) trade.status = 'TRADE_CLOSED';
    if (lostRefundAnswers > 0) {
      lostRefundAnswers -= 1;
      return answer(res, rec, method, { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error', sub_msg: '系统繁忙' });
    }
    answer(res, rec, method, { ...base, fund_change: 'Y', refund_fee: ((refundedCents + cents) / 100).toFixed(2), gmt_refund_pay: chinaNow() });
  }

  const billFiles = new Map<string, { file: Buffer; until: number }>();
  const cents = (amount: string) => Math.round(Number(amount) * 100);

  /** alipay.data.dataservice.bill.downloadurl.query: the day's zip made, its URL answered. */
  function billUrl(res: ServerResponse, rec: AlipayRecorded, biz: Record<string, unknown>): void {
    const method = 'alipay.data.dataservice.bill.downloadurl.query';
    const date = typeof biz.bill_date === 'string' ? biz.bill_date : '';
    if (biz.bill_type !== 'trade' && biz.bill_type !== 'signcustomer')
      return answer(res, rec, method, businessFailure('isv.invalid-bill-type', '账单类型不正确'));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(chinaMs(`${date} 00:00:00`)))
      return answer(res, rec, method, businessFailure('isv.invalid-bill-date', '账单日期格式不正确'));
    const dayStart = chinaMs(`${date} 00:00:00`);
    if ((options.billClock ?? Date.now)() < dayStart + 33 * 3600_000) return answer(res, rec, method, businessFailure('isp.bill_not_exist', '账单不存在'));
    const onDay = (text: string | undefined) => text !== undefined && text.slice(0, 10) === date;
    const paid = [...trades.values()].filter((t) => t.gmtPayment !== undefined && onDay(t.gmtPayment));
    const refunded = [...refunds.values()].filter((r) => onDay(r.gmtRefund));
    if (paid.length + refunded.length === 0) return answer(res, rec, method, businessFailure('isp.bill_not_exist', '账单不存在'));
    const line = (t: StandInTrade) => ({
      tradeNo: t.tradeNo,
      outTradeNo: t.outTradeNo,
      subject: t.subject,
      created: t.gmtPayment ?? '',
      done: t.gmtPayment ?? '',
      cents: cents(t.totalAmount),
    });
    const file = alipayBillZip(
      sellerId,
      date,
      paid.map(line),
      refunded.flatMap((r) => {
        const trade = trades.get(r.outTradeNo);
        return trade ? [{ ...line(trade), done: r.gmtRefund, outRequestNo: r.outRequestNo, refundCents: cents(r.refundAmount) }] : [];
      }),
    );
    const token = randomBytes(18).toString('hex');
    billFiles.set(token, { file, until: Date.now() + 30_000 });
    answer(res, rec, method, {
      code: '10000',
      msg: 'Success',
      bill_download_url: `${standIn.origin}/bill/download?token=${token}&downloadFileName=${sellerId}.zip`,
    });
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const fields: Record<string, string> = {};
    for (const [key, value] of url.searchParams) fields[key] = value;
    for (const [key, value] of new URLSearchParams(body)) fields[key] = value;
    const rec: AlipayRecorded = { httpMethod: req.method ?? '', method: fields.method ?? '', outTradeNo: undefined, outcome: '' };
    requests.push(rec);
    if (url.pathname === CASHIER_PAY && req.method === 'POST') {
      void payInCashier(res, rec, fields.out_trade_no ?? '');
      return;
    }
    if (url.pathname === '/bill/download' && req.method === 'GET') {
      const made = billFiles.get(url.searchParams.get('token') ?? '');
      rec.method = 'bill.download';
      rec.outcome = made && made.until >= Date.now() ? '10000' : 'expired';
      if (!made || made.until < Date.now()) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/zip' }).end(made.file);
      return;
    }
    if (url.pathname !== '/gateway.do') {
      rec.outcome = '404';
      res.writeHead(404).end();
      return;
    }
    if (req.method === 'GET') return cashier(res, rec, fields, (req.headers.accept ?? '').includes('text/html'));
    api(res, rec, fields);
  }

  /** The cashier page's Pay button: the trade is paid, Alipay notifies, then the payer goes back to return_url. */
  async function payInCashier(res: ServerResponse, rec: AlipayRecorded, outTradeNo: string): Promise<void> {
    rec.method = 'cashier.pay';
    rec.outTradeNo = outTradeNo;
    const trade = trades.get(outTradeNo);
    if (!trade || trade.status !== 'WAIT_BUYER_PAY') {
      rec.outcome = 'ACQ.TRADE_STATUS_ERROR';
      res.writeHead(400, { 'Content-Type': 'text/plain;charset=utf-8' }).end('ACQ.TRADE_STATUS_ERROR');
      return;
    }
    standIn.pay(outTradeNo);
    const notified = await standIn.notify(outTradeNo).catch((error: unknown) => ({ status: 0, body: String(error) }));
    rec.outcome = notified.body === 'success' ? '10000' : `notify ${notified.status} ${notified.body}`;
    res.writeHead(303, { Location: standIn.returnUrl(outTradeNo) }).end();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const tradeOf = (outTradeNo: string): StandInTrade => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`the stand-in has no trade ${outTradeNo}`);
    return trade;
  };

  const standIn: AlipayStandIn = {
    origin: `http://127.0.0.1:${port}`,
    gateway: `http://127.0.0.1:${port}/gateway.do`,
    trades,
    requests,
    async open(url) {
      const res = await fetch(url);
      return { status: res.status, text: await res.text() };
    },
    pay(outTradeNo) {
      const trade = tradeOf(outTradeNo);
      if (trade.status === 'WAIT_BUYER_PAY') {
        trade.status = 'TRADE_SUCCESS';
        trade.gmtPayment = chinaNow();
      }
      return trade;
    },
    notification(outTradeNo, opts = {}) {
      const trade = tradeOf(outTradeNo);
      const base: Record<string, string | undefined> = {
        gmt_create: chinaNow(),
        charset: 'utf-8',
        seller_email: 'shop@example.com',
        subject: trade.subject,
        buyer_id: '2088102122524333',
        invoice_amount: trade.totalAmount,
        notify_id: `2026${randomBytes(12).toString('hex')}`,
        fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
        notify_type: 'trade_status_sync',
        trade_status: trade.status,
        receipt_amount: trade.totalAmount,
        app_id: options.appId,
        buyer_pay_amount: trade.totalAmount,
        seller_id: sellerId,
        gmt_payment: trade.gmtPayment,
        notify_time: chinaNow(),
        version: '1.0',
        out_trade_no: trade.outTradeNo,
        total_amount: trade.totalAmount,
        trade_no: trade.tradeNo,
        auth_app_id: options.appId,
        point_amount: '0.00',
        ...opts.fields,
      };
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(base)) if (value !== undefined) fields[key] = value;
      return { ...fields, sign_type: 'RSA2', sign: rsa2(alipaySignContent(fields, ['sign', 'sign_type']), opts.signWith) };
    },
    async notify(outTradeNo, opts) {
      return standIn.deliver(outTradeNo, standIn.notification(outTradeNo, opts));
    },
    async deliver(outTradeNo, fields) {
      const res = await fetch(tradeOf(outTradeNo).notifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(fields).toString(),
      });
      return { status: res.status, body: await res.text() };
    },
    returnUrl(outTradeNo) {
      const trade = tradeOf(outTradeNo);
      const fields: Record<string, string> = {
        charset: 'utf-8',
        out_trade_no: trade.outTradeNo,
        method: `alipay.trade.${trade.product}.pay.return`,
        total_amount: trade.totalAmount,
        trade_no: trade.tradeNo,
        auth_app_id: options.appId,
        version: '1.0',
        app_id: options.appId,
        seller_id: sellerId,
        timestamp: chinaNow(),
      };
      const url = new URL(trade.returnUrl);
      for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
      url.searchParams.set('sign', rsa2(alipaySignContent(fields, ['sign', 'sign_type'])));
      url.searchParams.set('sign_type', 'RSA2');
      return url.toString();
    },
    refunds,
    refuseRefunds(subCode) {
      refusedWith = subCode;
    },
    loseRefundAnswers(count) {
      lostRefundAnswers = count;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
