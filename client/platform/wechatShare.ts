import type { ApiClient } from '../api/client';
import { wechatApi } from '../api/wechat';
import { loadScript } from './loadScript';

/**
 * The share adapter of the chat-app browser (docs/specification/shell.md §2): asks the backend to sign the
 * page's URL and, when it did (WeChat credentials are set), hands the signature to
 * `wx.config` if the page has the JS-SDK. Without credentials the browser's own share menu
 * stays as it is (docs/decisions/016, 017). The page loads the SDK from `sdkUrl` when the
 * server gave one (it does where it can sign). The wallet's confirmation of a withdrawal's transfer
 * (client/platform/merchantTransfer.ts) is listed too. True when `wx.config` was called.
 */
export async function signSharePage(api: ApiClient, url: string, sdkUrl?: string): Promise<boolean> {
  const answer = await wechatApi.jsapiUrl(api, url.split('#')[0] ?? url);
  if (!('signature' in answer)) return false;
  if (sdkUrl && !Reflect.get(window, 'wx')) await loadScript(sdkUrl);
  const wx: unknown = Reflect.get(window, 'wx');
  const config: unknown = typeof wx === 'object' && wx !== null ? Reflect.get(wx, 'config') : undefined;
  if (typeof config !== 'function') return false;
  Reflect.apply(config, wx, [{ ...answer, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData', 'requestMerchantTransfer'] }]);
  return true;
}
