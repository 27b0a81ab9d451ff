import type { ClientShell } from '../../shared/clientType';
import type { WechatAppParams } from '../api/payments';
import type { PaymentPlatform } from './PaymentStore';

const OPENID_KEY = 'zine.payment.openid';
const APPID_KEY = 'zine.payment.appid';

/** The payment login (`/accounts/login/wechat_payment/`) brings the reader back with `openid` (and `app_id`) in the query. */
export function paymentIdentity(): { openId: string | null; appId: string | null } {
  return { openId: remembered('openid', OPENID_KEY), appId: remembered('app_id', APPID_KEY) };
}

/** The panel's view of the real page. */
export function browserPlatform(shell: ClientShell): PaymentPlatform {
  return {
    shell,
    currentUrl: () => window.location.href,
    navigate: (url) => window.location.assign(url),
    navigateWithOrigin,
    reload: () => window.location.reload(),
    wechatPay,
    wechatOpenId: () => paymentIdentity().openId,
    nativePay,
  };
}

/**
 * A navigation through a link whose own referrer policy sends the page's origin: the site's
 * Referrer-Policy (helmet's no-referrer) would send none, and WeChat's H5 cashier refuses a
 * visit without the authorised domain in its Referer.
 */
function navigateWithOrigin(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.referrerPolicy = 'origin';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** WeixinJSBridge's pay call; its `err_msg` is the result. */
function wechatPay(params: WechatAppParams): Promise<string> {
  return new Promise((resolve) => {
    const bridge: unknown = Reflect.get(window, 'WeixinJSBridge');
    const invoke: unknown = typeof bridge === 'object' && bridge !== null ? Reflect.get(bridge, 'invoke') : null;
    if (typeof invoke !== 'function') {
      resolve('WeixinJSBridge is not available');
      return;
    }
    Reflect.apply(invoke, bridge, [
      'getBrandWCPayRequest',
      params,
      (answer: unknown) => {
        const message: unknown = typeof answer === 'object' && answer !== null ? Reflect.get(answer, 'err_msg') : null;
        resolve(typeof message === 'string' ? message : String(message));
      },
    ]);
  });
}

/** The native app's bridge (decision 026): `window.ZineApp.pay(orderId)`; false when the app has none. */
function nativePay(orderId: string): boolean {
  const app: unknown = Reflect.get(window, 'ZineApp');
  const pay: unknown = typeof app === 'object' && app !== null ? Reflect.get(app, 'pay') : null;
  if (typeof pay !== 'function') return false;
  Reflect.apply(pay, app, [orderId]);
  return true;
}

function remembered(param: string, key: string): string | null {
  try {
    const fromUrl = new URL(window.location.href).searchParams.get(param);
    if (fromUrl) {
      window.sessionStorage.setItem(key, fromUrl);
      return fromUrl;
    }
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
