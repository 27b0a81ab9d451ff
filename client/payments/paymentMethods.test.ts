import { describe, expect, it } from 'vitest';
import { detectClientType } from '../../shared/clientType';
import { offersWechatH5, offersWechatNative } from '../../shared/wechatNative';
import { paymentMethods } from './paymentMethods';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const CHAT_APP = `${PHONE} MicroMessenger/8.0.47`;

/** The panel's list for a user agent, on a site with WeChat Pay or not, as the page's env snapshot says. */
function methodsFor(userAgent: string, wechatPay: boolean) {
  const client = detectClientType(userAgent);
  return paymentMethods(client.shell, { qr: offersWechatNative(client, wechatPay), h5: offersWechatH5(client, wechatPay) });
}

describe('the payment methods by platform', () => {
  it('a phone browser outside WeChat gets WeChat Pay (H5) beside Alipay and the wallet', () => {
    expect(methodsFor(PHONE, true)).toEqual(['wallet', 'wechatH5', 'web']);
    expect(methodsFor(PHONE, false)).toEqual(['wallet', 'web']);
  });

  it('a desktop gets the QR code, the chat app its bridge', () => {
    expect(methodsFor(DESKTOP, true)).toEqual(['wallet', 'wechatQr', 'web']);
    expect(methodsFor(DESKTOP, false)).toEqual(['wallet', 'web']);
    expect(methodsFor(CHAT_APP, true)).toEqual(['wallet', 'wechat']);
    expect(methodsFor(CHAT_APP, false)).toEqual(['wallet', 'wechat']);
  });
});
