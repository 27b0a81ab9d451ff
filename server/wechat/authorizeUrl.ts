import type { WechatApp } from '../config';
import type { WechatAppKind } from './signInState';

/** WeChat's authorisation page: the QR code (open platform) or the in-app consent (official account). */
export function authorizeUrl(openBase: string, kind: WechatAppKind, app: WechatApp, redirectUri: string, state: string): string {
  const path = kind === 'web' ? '/connect/qrconnect' : '/connect/oauth2/authorize';
  const query = new URLSearchParams({
    appid: app.appId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: kind === 'web' ? 'snsapi_login' : 'snsapi_userinfo',
    state,
  });
  return `${openBase}${path}?${query.toString()}#wechat_redirect`;
}
