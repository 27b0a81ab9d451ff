import type { ApiClient } from './client';

/** The chat-app browser's share adapter (seed 000 §2): a JS-SDK signature for the page's URL. */
export const wechatApi = {
  jsapiUrl: (api: ApiClient, url: string) =>
    api.request<{ configured: boolean }>({ method: 'POST', path: '/api/wechat/jsapi/url/', body: { url } }),
};
