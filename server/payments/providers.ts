import { createHash, randomBytes } from 'node:crypto';
import type { WechatAppParams } from '../../shared/payments';

export type { WechatAppParams } from '../../shared/payments';

export function sandboxWechatParams(orderRef: string, openid: string, now: number): WechatAppParams {
  const timeStamp = String(Math.floor(now / 1000));
  const nonceStr = randomBytes(16).toString('hex');
  const pkg = `prepay_id=sandbox_${orderRef}`;
  const paySign = createHash('sha256').update(`sandbox\n${timeStamp}\n${nonceStr}\n${pkg}\n${openid}`).digest('hex').toUpperCase();
  return { appId: 'sandbox', timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
}

/** Where web pay sends the payer: our own sandbox checkout page. */
export function sandboxCheckoutUrl(origin: string, orderRef: string, returnUrl: string | undefined): string {
  const url = new URL(`/payments/sandbox/checkout/${encodeURIComponent(orderRef)}`, origin);
  if (returnUrl) url.searchParams.set('return_url', returnUrl);
  return url.toString();
}
