/** The chat-app sign-in navigations of docs/specification/shell.md §7: in its browser, and the QR code in a frame. */
export type WechatSignInKind = 'weixin' | 'wechatweb' | 'wechat_payment';

/** The QR code frame's size in the sign-in overlay (docs/specification/shell.md §2). */
export const WECHAT_QR_FRAME = { width: 300, height: 450 } as const;

export function wechatSignInPath(kind: WechatSignInKind, next: string): string {
  return `/accounts/login/${kind}/?next=${encodeURIComponent(next)}`;
}
