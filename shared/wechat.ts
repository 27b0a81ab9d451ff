/** The JS-SDK signing call's shapes, the same on both sides (`POST /api/wechat/jsapi/url/`, docs/specification/shell.md §2). */

/** The page to sign: an http(s) URL of this site (its fragment is dropped before signing). */
export interface JsapiRequest {
  url: string;
}

/** A JS-SDK signature for `wx.config`: sha1 of the ticket, nonce, timestamp and URL. */
export interface JsapiSignature {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/** Without WeChat credentials there is nothing to sign: the page keeps the browser's own share menu. */
export interface JsapiUnconfigured {
  configured: false;
  url: string;
}

export type JsapiAnswer = JsapiUnconfigured | JsapiSignature;
