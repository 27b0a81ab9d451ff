import type { ClientType } from './clientType';

/**
 * Which pages load WeChat's JS-SDK: inside the mini program always (its bridge), and in
 * the chat-app browser when the official account's credentials let the server sign
 * pages for sharing. Everywhere else the script is neither loaded nor allowed by the CSP.
 */
export function loadsWechatSdk(shell: ClientType['shell'], chatAppSigning: boolean): boolean {
  return shell === 'miniprogram' || (shell === 'wechat' && chatAppSigning);
}
