import type { ClientShell } from '../../shared/clientType';

/** The methods the payment panel lists, by the keys of their handlers in PaymentPanel.tsx. */
export type PaymentMethod = 'wallet' | 'wechat' | 'wechatQr' | 'wechatH5' | 'web';

/**
 * What the panel offers where it runs: the wallet always; inside the chat app its bridge
 * (docs/decisions/037); elsewhere web pay, beside WeChat Pay's QR code on a desktop
 * (docs/decisions/052) or its H5 pay in a phone's browser (docs/decisions/069), as the server
 * said for this client (`wechatNativePay`, `wechatH5Pay`).
 */
export function paymentMethods(shell: ClientShell, offers: { qr: boolean; h5: boolean }): PaymentMethod[] {
  if (shell === 'wechat') return ['wallet', 'wechat'];
  return ['wallet', ...(offers.qr ? (['wechatQr'] as const) : []), ...(offers.h5 ? (['wechatH5'] as const) : []), 'web'];
}
