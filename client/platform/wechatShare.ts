import type { ApiClient } from '../api/client';
import { wechatApi } from '../api/wechat';

/**
 * The share adapter of the chat-app browser (seed 000 §2): asks the backend to sign the
 * page's URL for the JS-SDK. Without WeChat credentials the answer is `configured: false`
 * and the browser's own share menu stays as it is (docs/decisions/016).
 */
export async function signSharePage(api: ApiClient, url: string): Promise<boolean> {
  const answer = await wechatApi.jsapiUrl(api, url.split('#')[0] ?? url);
  return answer.configured;
}
