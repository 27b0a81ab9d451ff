import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { WechatPayConfig } from '../../config';
import type { DB } from '../../db/schema';
import type { Logger } from '../../logger';
import { openCertificates, type PlatformCertificate } from './certificates';
import { PlatformKeys } from './platformKeys';
import { authorization, newNonce, signatureHeaders, verifyWechatPay } from './protocol';

/**
 * WeChat Pay did not do what was asked: no answer in time, an error answer (`status` and its
 * v3 `code`, e.g. 401 SIGN_ERROR when the merchant key is wrong), or an answer whose signature
 * does not verify. The API answers 502; the log says which.
 */
export class WechatPayUpstreamError extends Error {
  override readonly name = 'WechatPayUpstreamError';

  constructor(
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** A transaction as WeChat Pay describes it (a query's answer, a notification's decrypted resource). */
export const transactionSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_type: z.string().optional(),
  trade_state: z.string(),
  trade_state_desc: z.string().optional(),
  success_time: z.string().optional(),
  payer: z.object({ openid: z.string().optional() }).optional(),
  amount: z.object({ total: z.number().int().optional(), payer_total: z.number().int().optional(), currency: z.string().optional() }).optional(),
});
export type WechatPayTransaction = z.infer<typeof transactionSchema>;

/** What an order at WeChat Pay is placed with. */
export interface PlaceOrder {
  outTradeNo: string;
  description: string;
  amountFen: number;
  currency: string;
  /** RFC 3339: after it WeChat Pay takes no payment. */
  timeExpire: string;
  notifyUrl: string;
  /** Our order ref, shown in WeChat Pay's merchant platform. */
  attach: string;
}

/** A refund as WeChat Pay describes it: the refund call's answer (a notification's resource is refundNoticeSchema). */
export const refundSchema = z.object({
  refund_id: z.string(),
  out_refund_no: z.string(),
  out_trade_no: z.string().optional(),
  /** SUCCESS, PROCESSING (the notification follows), CLOSED or ABNORMAL. */
  status: z.string(),
  amount: z.object({ refund: z.number().int(), total: z.number().int(), currency: z.string().optional() }).optional(),
});
export type WechatPayRefund = z.infer<typeof refundSchema>;

/** What a refund is asked with: the whole of one paid WeChat Pay order. */
export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  reason: string | null;
  refundFen: number;
  totalFen: number;
  currency: string;
  notifyUrl: string;
}

const prepayAnswer = z.object({ prepay_id: z.string().min(1).max(128) });
const nativeAnswer = z.object({ code_url: z.string().min(1).max(512) });
const h5Answer = z.object({ h5_url: z.string().url().max(512) });
const errorAnswer = z.object({ code: z.string(), message: z.string().optional() });

/**
 * The merchant's calls to WeChat Pay API v3 over fetch: each request signed with the merchant
 * key (Authorization) and naming the platform key in use (Wechatpay-Serial), each answer's
 * Wechatpay-Signature verified with the platform key its serial names before it is believed
 * (./platformKeys.ts, docs/decisions/065). `clock` is the wall clock of the protocol's timestamps;
 * `fleet` is where the downloaded platform certificates are kept for every process.
 */
export class WechatPayClient {
  private readonly privateKey: KeyObject;
  readonly platformKeys: PlatformKeys;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly clock: () => number = Date.now,
    fleet?: { db: Kysely<DB>; logger: Logger },
  ) {
    this.privateKey = createPrivateKey(config.privateKeyPem);
    const { platformPublicKeyPem: publicKeyPem, platformSerial: publicKeyId } = config;
    this.platformKeys = new PlatformKeys({
      publicKey: publicKeyPem && publicKeyId ? { id: publicKeyId, key: createPublicKey(publicKeyPem) } : undefined,
      download: config.platformCertificates ? () => this.downloadCertificates() : undefined,
      fleet,
      clock,
    });
  }

  get merchantPrivateKey(): KeyObject {
    return this.privateKey;
  }

  /** A JSAPI order, paid in the chat-app browser by this open id: the prepay id for getBrandWCPayRequest. */
  async placeJsapi(order: PlaceOrder, openid: string): Promise<{ prepayId: string }> {
    const body = await this.call('POST', '/v3/pay/transactions/jsapi', { ...this.orderBody(order), payer: { openid } });
    return { prepayId: answerOf(prepayAnswer, body, 'jsapi').prepay_id };
  }

  /** A Native order: the code_url a QR code shows, scanned with the chat app. */
  async placeNative(order: PlaceOrder): Promise<{ codeUrl: string }> {
    const body = await this.call('POST', '/v3/pay/transactions/native', this.orderBody(order));
    return { codeUrl: answerOf(nativeAnswer, body, 'native').code_url };
  }

  /**
   * An H5 order, paid in a phone's browser outside WeChat (docs/decisions/069): the h5_url that opens
   * WeChat's cashier, for 5 minutes and only from `payerIp`, the reader's own address.
   */
  async placeH5(order: PlaceOrder, payerIp: string): Promise<{ h5Url: string }> {
    const body = await this.call('POST', '/v3/pay/transactions/h5', {
      ...this.orderBody(order),
      scene_info: { payer_client_ip: payerIp, h5_info: { type: 'Wap' } },
    });
    return { h5Url: answerOf(h5Answer, body, 'h5').h5_url };
  }

  /** The order's state at WeChat Pay. */
  async query(outTradeNo: string): Promise<WechatPayTransaction> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.config.mchid)}`;
    return answerOf(transactionSchema, await this.call('GET', path), 'query');
  }

  /** Closes an unpaid order: nobody can pay it any more. */
  async close(outTradeNo: string): Promise<void> {
    await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: this.config.mchid });
  }

  /** Asks WeChat Pay to refund a paid order; asked again with the same out_refund_no, it is the same refund. */
  async refund(request: RefundRequest): Promise<WechatPayRefund> {
    const body = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: request.outTradeNo,
      out_refund_no: request.outRefundNo,
      ...(request.reason ? { reason: request.reason.slice(0, 80) } : {}),
      notify_url: request.notifyUrl,
      amount: { refund: request.refundFen, total: request.totalFen, currency: request.currency },
    });
    return answerOf(refundSchema, body, 'refund');
  }

  /** The refund's state at WeChat Pay (`GET /v3/refund/domestic/refunds/{out_refund_no}`): SUCCESS, PROCESSING, CLOSED or ABNORMAL. */
  async queryRefund(outRefundNo: string): Promise<WechatPayRefund> {
    return answerOf(refundSchema, await this.call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`), 'refund query');
  }

  /**
   * A bill file from the download_url a bill request answered (docs/decisions/070): the request
   * signed like any other, the answer not signed (WeChat Pay says so: the bill's hash checks it).
   * Only WeChat Pay's own origin is asked: a signed request goes nowhere else.
   */
  async download(downloadUrl: string): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(downloadUrl);
    } catch {
      throw new WechatPayUpstreamError(`WeChat Pay's download_url is not a URL: ${downloadUrl.slice(0, 100)}`);
    }
    if (url.origin !== new URL(this.config.baseUrl).origin) throw new WechatPayUpstreamError(`WeChat Pay's download_url is on another host: ${url.origin}`);
    const pathAndQuery = `${url.pathname}${url.search}`;
    const serial = await this.platformKeys.requestSerial();
    const header = authorization(
      { mchid: this.config.mchid, serialNo: this.config.serialNo, privateKey: this.privateKey },
      { method: 'GET', pathAndQuery, body: '', timestamp: Math.floor(this.clock() / 1000), nonce: newNonce() },
    );
    let res: Response;
    let body: Buffer;
    try {
      res = await fetch(url, {
        headers: { Authorization: header, 'User-Agent': 'zine-wechatpay/1', ...(serial ? { 'Wechatpay-Serial': serial } : {}) },
        signal: AbortSignal.timeout(this.config.timeoutMs * 4),
      });
      body = Buffer.from(await res.arrayBuffer());
    } catch (error) {
      throw new WechatPayUpstreamError(`WeChat Pay did not answer the bill download: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!res.ok) {
      const parsed = errorAnswer.safeParse(safeJson(body.toString('utf8')));
      const code = parsed.success ? parsed.data.code : null;
      throw new WechatPayUpstreamError(`WeChat Pay answered the bill download with ${res.status} ${code ?? ''}`.trim(), res.status, code);
    }
    return body;
  }

  private orderBody(order: PlaceOrder) {
    return {
      appid: this.config.appId,
      mchid: this.config.mchid,
      description: order.description,
      out_trade_no: order.outTradeNo,
      time_expire: order.timeExpire,
      attach: order.attach,
      notify_url: order.notifyUrl,
      amount: { total: order.amountFen, currency: order.currency },
    };
  }

  /**
   * One signed call; the verified JSON answer (null for 204), or WechatPayUpstreamError. Public so
   * that the calls of other products (transfers, ./transfers.ts) are signed and checked here too.
   */
  async call(method: 'GET' | 'POST', pathAndQuery: string, payload?: unknown): Promise<unknown> {
    const serial = await this.platformKeys.requestSerial();
    // No platform key to name, none to verify the answer with: the request is not sent.
    if (!serial) throw new WechatPayUpstreamError(`No WeChat Pay platform certificate is known: ${method} ${pathOnly(pathAndQuery)} not sent`);
    const { res, text } = await this.send(method, pathAndQuery, payload, serial);
    const signed = signatureHeaders((name) => res.headers.get(name));
    if (!signed || !(await this.platformKeys.verify(signed, text))) {
      throw new WechatPayUpstreamError(
        `WeChat Pay's answer to ${method} ${pathOnly(pathAndQuery)} is not signed by a platform key we hold (Wechatpay-Serial ${signed?.serial ?? 'missing'})`,
        res.status,
      );
    }
    return jsonOf(text, method, pathAndQuery, res.status);
  }

  /**
   * Certificate mode: `GET /v3/certificates`, each certificate decrypted with the API v3 key and
   * parsed; the answer verified with the key its Wechatpay-Serial names — one we hold, else one of
   * the certificates it carries (the first download: they decrypt, so WeChat Pay made them).
   */
  async downloadCertificates(): Promise<PlatformCertificate[]> {
    const path = '/v3/certificates';
    const { res, text } = await this.send('GET', path, undefined, this.platformKeys.knownSerial());
    let certificates: PlatformCertificate[];
    try {
      certificates = openCertificates(this.config.apiV3Key, jsonOf(text, 'GET', path, res.status));
    } catch (error) {
      throw new WechatPayUpstreamError(`WeChat Pay's certificates cannot be opened: ${error instanceof Error ? error.message : String(error)}`, res.status);
    }
    const signed = signatureHeaders((name) => res.headers.get(name));
    const key = signed
      ? (this.platformKeys.heldKey(signed.serial) ?? certificates.find((c) => c.serial === signed.serial.toUpperCase())?.publicKey ?? null)
      : null;
    if (!signed || !key || !verifyWechatPay({ publicKey: key, serial: signed.serial }, signed, text)) {
      throw new WechatPayUpstreamError(
        `WeChat Pay's answer to GET ${path} is not signed by a key it names (Wechatpay-Serial ${signed?.serial ?? 'missing'})`,
        res.status,
      );
    }
    return certificates;
  }

  /** The request on the wire, signed; an error answer or no answer is WechatPayUpstreamError. */
  private async send(method: 'GET' | 'POST', pathAndQuery: string, payload: unknown, platformSerial: string | null): Promise<{ res: Response; text: string }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const header = authorization(
      { mchid: this.config.mchid, serialNo: this.config.serialNo, privateKey: this.privateKey },
      { method, pathAndQuery, body, timestamp: Math.floor(this.clock() / 1000), nonce: newNonce() },
    );
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.config.baseUrl}${pathAndQuery}`, {
        method,
        headers: {
          Authorization: header,
          Accept: 'application/json',
          'User-Agent': 'zine-wechatpay/1',
          ...(platformSerial ? { 'Wechatpay-Serial': platformSerial } : {}),
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      throw new WechatPayUpstreamError(
        `WeChat Pay did not answer ${method} ${pathOnly(pathAndQuery)}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!res.ok) {
      const parsed = errorAnswer.safeParse(safeJson(text));
      const code = parsed.success ? parsed.data.code : null;
      const message = parsed.success ? (parsed.data.message ?? '') : text.slice(0, 200);
      throw new WechatPayUpstreamError(
        `WeChat Pay answered ${method} ${pathOnly(pathAndQuery)} with ${res.status} ${code ?? ''} ${message}`.trim(),
        res.status,
        code,
      );
    }
    return { res, text };
  }
}

/** A verified answer's JSON (null for an empty one). */
function jsonOf(text: string, method: string, pathAndQuery: string, status: number): unknown {
  if (text === '') return null;
  const json = safeJson(text);
  if (json === undefined) throw new WechatPayUpstreamError(`WeChat Pay answered ${method} ${pathOnly(pathAndQuery)} with no JSON`, status);
  return json;
}

/** A verified answer of the expected shape; any other is WeChat Pay's failure, not the caller's bad input. */
function answerOf<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new WechatPayUpstreamError(`WeChat Pay's ${what} answer has an unexpected shape`);
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function pathOnly(pathAndQuery: string): string {
  return pathAndQuery.split('?')[0] ?? pathAndQuery;
}
