import { AlipaySdk } from 'alipay-sdk';
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
  private readonly sdk: AlipaySdk;

  constructor(
    private readonly config: AlipayConfig,
    private readonly clock: () => number = Date.now,
  ) {
    this.sdk = new AlipaySdk({
      appId: config.appId,
      // The SDK rebuilds the PEM from its lines: no trailing newline, or the END line ends up in the key.
      privateKey: config.privateKeyPem.trim(),
      keyType: 'PKCS8',
      alipayPublicKey: config.alipayPublicKeyPem.trim(),
      signType: 'RSA2',
      gateway: config.gateway,
      timeout: config.timeoutMs,
      camelcase: false,
    });
  }

  /** The signed GET URL of the gateway's cashier: page pay (desktop) or wap pay (phones). Nothing is sent yet. */
  payUrl(request: PayRequest): string {
    const product = PRODUCTS[request.product];
    return this.sdk.pageExecute(product.method, 'GET', {
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

  /** Whether Alipay signed these notification fields (RSA2 over the sorted fields but sign and sign_type). */
  verifyNotification(fields: Record<string, string>): boolean {
    if (fields.sign_type !== undefined && fields.sign_type !== 'RSA2') return false;
    try {
      // V2: the values as received (Express decoded the form once), not decoded a second time.
      return this.sdk.checkNotifySignV2(fields);
    } catch {
      return false;
    }
  }

  /** One signed call whose answer's signature is checked; the answer when its code is 10000, else AlipayUpstreamError. */
  private async call(method: string, bizContent: Record<string, string>): Promise<unknown> {
    let data: unknown;
    try {
      data = await this.sdk.exec(method, { bizContent, timestamp: chinaTime(this.clock()) }, { validateSign: true });
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
