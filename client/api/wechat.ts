import type { ApiClient } from './client';

/** A JS-SDK signature for `wx.config` (with WeChat credentials), or `configured: false` without. */
export type JsapiAnswer = { configured: false; url: string } | { appId: string; timestamp: number; nonceStr: string; signature: string };

/** The chat-app browser's share adapter (docs/specification/shell.md §2): a JS-SDK signature for the page's URL. */
export const wechatApi = {
  jsapiUrl: (api: ApiClient, url: string) => api.request<JsapiAnswer>({ method: 'POST', path: '/api/wechat/jsapi/url/', body: { url } }),
};
