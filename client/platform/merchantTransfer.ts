import type { WithdrawalConfirm } from '../../shared/payments';

/**
 * The payee's confirmation of a WeChat Pay transfer bill inside the chat-app browser
 * (docs/decisions/064): the JS-SDK's `wx.requestMerchantTransfer({ mchId, appId, package })` when
 * the page has it, else the bridge's `requestMerchantTransfer` call, which the official
 * account's pages use; the page's `wx.config` lists it (client/platform/wechatShare.ts).
 * Resolves with the result's err_msg ('requestMerchantTransfer:ok' when confirmed).
 */
export function requestMerchantTransfer(confirm: WithdrawalConfirm): Promise<string> {
  const params = { mchId: confirm.mch_id, appId: confirm.app_id, package: confirm.package };
  return new Promise((resolve) => {
    const done = (answer: unknown) => {
      const message: unknown = typeof answer === 'object' && answer !== null ? (Reflect.get(answer, 'err_msg') ?? Reflect.get(answer, 'errMsg')) : null;
      resolve(typeof message === 'string' ? message : String(message));
    };
    const wx: unknown = Reflect.get(window, 'wx');
    const sdkCall: unknown = typeof wx === 'object' && wx !== null ? Reflect.get(wx, 'requestMerchantTransfer') : null;
    if (typeof sdkCall === 'function') {
      Reflect.apply(sdkCall, wx, [{ ...params, success: done, fail: done }]);
      return;
    }
    const bridge: unknown = Reflect.get(window, 'WeixinJSBridge');
    const invoke: unknown = typeof bridge === 'object' && bridge !== null ? Reflect.get(bridge, 'invoke') : null;
    if (typeof invoke !== 'function') {
      resolve('WeixinJSBridge is not available');
      return;
    }
    Reflect.apply(invoke, bridge, ['requestMerchantTransfer', params, done]);
  });
}
