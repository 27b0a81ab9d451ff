import type { JsapiAnswer, JsapiRequest } from '../../shared/wechat';
import type { ApiClient } from './client';

/** The chat-app browser's share adapter (docs/specification/shell.md §2): a JS-SDK signature for the page's URL, or `configured: false` without WeChat credentials. */
export const wechatApi = {
  jsapiUrl: (api: ApiClient, url: string) => api.request<JsapiAnswer>({ method: 'POST', path: '/api/wechat/jsapi/url/', body: { url } satisfies JsapiRequest }),
};
