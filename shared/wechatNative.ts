import type { ClientType } from './clientType';

/**
 * Whether the payment panel offers WeChat Pay's QR code (Native pay, docs/decisions/052): in a
 * desktop browser only (the chat app pays through its bridge; a phone cannot scan its own screen),
 * on a site that takes WeChat Pay or runs the sandbox.
 */
export function offersWechatNative(clientType: ClientType, wechatPayOrSandbox: boolean): boolean {
  return wechatPayOrSandbox && clientType.shell === 'browser' && clientType.os === 'other';
}
