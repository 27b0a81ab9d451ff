import type { AlipaySdk } from 'alipay-sdk';
import { z } from 'zod';
import type { AlipayConfig } from '../../config';

/**
 * Alipay did not do what was asked: no answer in time, an answer whose signature does not
 * verify, or a refusal (`code` other than 10000, with its `sub_code`, e.g. isv.invalid-signature
 * when the app's private key is wrong). The API answers 502; the log says which.
 */
export class AlipayUpstreamError extends Error {
  override readonly name = 'AlipayUpstreamError';

  constructor(
    message: string,
    /** Alipay's sub_code (ACQ.TRADE_NOT_EXIST, isv.invalid-signature, …), or null when it did not answer. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** A trade as alipay.trade.query describes it (snake_case: the SDK is told not to camel-case). */
export const tradeSchema = z.object({
  out_trade_no: z.string(),
  trade_no: z.string().optional(),
  trade_status: z.string(),
  total_amount: z.string().optional(),
  buyer_logon_id: z.string().optional(),
});
export type AlipayTrade = z.infer<typeof tradeSchema>;

/** alipay.trade.refund's answer: fund_change 'Y' is money refunded by this call; otherwise ask refund.query. */
const refundAnswer = z.object({
  out_trade_no: z.string().optional(),
  trade_no: z.string().optional(),
  fund_change: z.string().optional(),
  refund_fee: z.string().optional(),
});
export type AlipayRefundAnswer = z.infer<typeof refundAnswer>;

/** alipay.trade.fastpay.refund.query's answer: refund_status REFUND_SUCCESS when the refund is done, absent when not. */
const refundQueryAnswer = z.object({
  out_request_no: z.string().optional(),
  refund_status: z.string().optional(),
  refund_amount: z.string().optional(),
});

/** What a refund is asked with: the whole of one paid trade. */
export interface AlipayRefundRequest {
  outTradeNo: string;
  /** Derived from the order: asked again, it is the same refund. */
  outRequestNo: string;
  /** Yuan with two places, '78.00'. */
  refundAmount: string;
  reason: string | null;
}

/** What one web payment is offered with. */
export interface PayRequest {
  product: 'page' | 'wap';
  outTradeNo: string;
  subject: string;
  /** The order's amount in yuan, '78.00'. */
  totalAmount: string;
  /** yyyy-MM-dd HH:mm:ss in China's time: after it Alipay takes no payment. */
  timeExpire: string;
  returnUrl: string;
  notifyUrl: string;
}

const billUrlAnswer = z.object({ bill_download_url: z.string().url() });

const answer = z.object({ code: z.string(), msg: z.string().optional(), sub_code: z.string().optional(), sub_msg: z.string().optional() });

const PRODUCTS = {
  page: { method: 'alipay.trade.page.pay', productCode: 'FAST_INSTANT_TRADE_PAY' },
  wap: { method: 'alipay.trade.wap.pay', productCode: 'QUICK_WAP_WAY' },
} as const;

/**
 * The app's calls to Alipay's open platform gateway through Alipay's own SDK (`alipay-sdk`):
 * every request and pay URL signed RSA2 with the app's private key, every answer and notification
 * verified with Alipay's public key. `clock` is the wall clock of the protocol's timestamps.
 */
export class AlipayClient {
  private loading: Promise<AlipaySdk> | undefined;

  constructor(
    private readonly config: AlipayConfig,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The SDK, loaded with the first call: about 8 MB of heap a site without Alipay never pays (decision 033). */
  private sdk(): Promise<AlipaySdk> {
    this.loading ??= import('alipay-sdk').then(
      ({ AlipaySdk: Sdk }) =>
        new Sdk({
          appId: this.config.appId,
          // The SDK rebuilds the PEM from its lines: no trailing newline, or the END line ends up in the key.
          privateKey: this.config.privateKeyPem.trim(),
          keyType: 'PKCS8',
          alipayPublicKey: this.config.alipayPublicKeyPem.trim(),
          signType: 'RSA2',
          gateway: this.config.gateway,
          timeout: this.config.timeoutMs,
          camelcase: false,
        }),
    );
    return this.loading;
  }

  /** The signed GET URL of the gateway's cashier: page pay (desktop) or wap pay (phones). Nothing is sent yet. */
  async payUrl(request: PayRequest): Promise<string> {
    const product = PRODUCTS[request.product];
    return (await this.sdk()).pageExecute(product.method, 'GET', {
      bizContent: {
        out_trade_no: request.outTradeNo,
        product_code: product.productCode,
        total_amount: request.totalAmount,
        subject: request.subject,
        time_expire: request.timeExpire,
        ...(request.product === 'wap' ? { quit_url: request.returnUrl } : {}),
      },
      returnUrl: request.returnUrl,
      notifyUrl: request.notifyUrl,
      timestamp: chinaTime(this.clock()),
    });
  }

  /** The trade's state at Alipay (ACQ.TRADE_NOT_EXIST until the payer opened the cashier). */
  async query(outTradeNo: string): Promise<AlipayTrade> {
    const data = await this.call('alipay.trade.query', { out_trade_no: outTradeNo });
    const trade = tradeSchema.safeParse(data);
    if (!trade.success) throw new AlipayUpstreamError("Alipay's alipay.trade.query answer has an unexpected shape");
    return trade.data;
  }

  /** Closes an unpaid trade: nobody can pay it any more. */
  async close(outTradeNo: string): Promise<void> {
    await this.call('alipay.trade.close', { out_trade_no: outTradeNo });
  }

  /** Asks Alipay to refund a paid trade; asked again with the same out_request_no, it is the same refund. */
  async refund(request: AlipayRefundRequest): Promise<AlipayRefundAnswer> {
    const data = await this.call('alipay.trade.refund', {
      out_trade_no: request.outTradeNo,
      out_request_no: request.outRequestNo,
      refund_amount: request.refundAmount,
      ...(request.reason ? { refund_reason: request.reason.slice(0, 80) } : {}),
    });
    const parsed = refundAnswer.safeParse(data);
    if (!parsed.success) throw new AlipayUpstreamError("Alipay's alipay.trade.refund answer has an unexpected shape");
    return parsed.data;
  }

  /** Whether a refund asked for earlier is done (refund_status REFUND_SUCCESS). */
  async refundDone(outTradeNo: string, outRequestNo: string): Promise<boolean> {
    const data = await this.call('alipay.trade.fastpay.refund.query', { out_trade_no: outTradeNo, out_request_no: outRequestNo });
    const parsed = refundQueryAnswer.safeParse(data);
    if (!parsed.success) throw new AlipayUpstreamError("Alipay's alipay.trade.fastpay.refund.query answer has an unexpected shape");
    return parsed.data.refund_status === 'REFUND_SUCCESS';
  }

  /**
   * Where the day's trade bill is (alipay.data.dataservice.bill.downloadurl.query, bill_type trade,
   * docs/decisions/070): a URL valid for a short while; null when Alipay has no bill of that day.
   */
  async billDownloadUrl(date: string): Promise<string | null> {
    let data: unknown;
    try {
      data = await this.call('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: date });
    } catch (error) {
      if (error instanceof AlipayUpstreamError && (error.code ?? '').toLowerCase().includes('bill_not_exist')) return null;
      throw error;
    }
    const parsed = billUrlAnswer.safeParse(data);
    if (!parsed.success) throw new AlipayUpstreamError("Alipay's bill download answer has no bill_download_url");
    return parsed.data.bill_download_url;
  }

  /** Whether Alipay signed these notification fields (RSA2 over the sorted fields but sign and sign_type). */
  async verifyNotification(fields: Record<string, string>): Promise<boolean> {
    if (fields.sign_type !== undefined && fields.sign_type !== 'RSA2') return false;
    const sdk = await this.sdk();
    try {
      // V2: the values as received (Express decoded the form once), not decoded a second time.
      return sdk.checkNotifySignV2(fields);
    } catch {
      return false;
    }
  }

  /** One signed call whose answer's signature is checked; the answer when its code is 10000, else AlipayUpstreamError. */
  private async call(method: string, bizContent: Record<string, string>): Promise<unknown> {
    let data: unknown;
    try {
      data = await (await this.sdk()).exec(method, { bizContent, timestamp: chinaTime(this.clock()) }, { validateSign: true });
    } catch (error) {
      throw new AlipayUpstreamError(
        `Alipay did not answer ${method} with a signed answer: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
      );
    }
    const parsed = answer.safeParse(data);
    if (!parsed.success) throw new AlipayUpstreamError(`Alipay's ${method} answer has no code`);
    const { code, msg, sub_code: subCode, sub_msg: subMsg } = parsed.data;
    if (code !== '10000') {
      throw new AlipayUpstreamError(
        `Alipay answered ${method} with ${code} ${msg ?? ''} ${subCode ?? ''} ${subMsg ?? ''}`.replace(/\s+/g, ' ').trim(),
        subCode ?? code,
      );
    }
    return data;
  }
}

/** yyyy-MM-dd HH:mm:ss in China's time (GMT+8), as Alipay reads timestamp and time_expire whatever the server's zone. */
export function chinaTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
