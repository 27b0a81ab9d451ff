import type { ClientType } from './clientType';

/**
 * Whether the payment panel offers WeChat Pay's QR code (Native pay, docs/decisions/052): in a
 * desktop browser only (the chat app pays through its bridge; a phone cannot scan its own screen),
 * on a site that takes WeChat Pay or runs the sandbox.
 */
export function offersWechatNative(clientType: ClientType, wechatPayOrSandbox: boolean): boolean {
  return wechatPayOrSandbox && clientType.shell === 'browser' && clientType.os === 'other';
}

/**
 * Whether the payment panel offers WeChat Pay's H5 pay (docs/decisions/069): in a phone's own
 * browser only (iOS or Android, not the chat app, its mini program or our app), on a site that
 * takes WeChat Pay or runs the sandbox. WeChat's cashier then opens the chat app to pay.
 */
export function offersWechatH5(clientType: ClientType, wechatPayOrSandbox: boolean): boolean {
  return wechatPayOrSandbox && clientType.shell === 'browser' && clientType.os !== 'other';
}
