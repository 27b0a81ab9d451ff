import type { PageTexts } from '../../i18n/pageTexts';

export type WalletTextKey =
  | 'withdrawals'
  | 'status.pending'
  | 'status.processing'
  | 'status.awaiting_payee'
  | 'status.paid'
  | 'status.failed'
  | 'status.cancelled'
  | 'confirm'
  | 'confirmInWechat'
  | 'cancel'
  | 'confirmFailed';

/** The wallet page's own texts: the withdrawals and their states (docs/decisions/050, 064). */
export const WALLET_TEXTS: PageTexts<WalletTextKey> = {
  en: {
    withdrawals: 'Withdrawals',
    'status.pending': 'Waiting to be sent',
    'status.processing': 'On its way to your WeChat balance',
    'status.awaiting_payee': 'Waiting for you to confirm the receipt in WeChat',
    'status.paid': 'Paid to your WeChat balance',
    'status.failed': 'Failed: the money is back in your wallet',
    'status.cancelled': 'Cancelled: the money is back in your wallet',
    confirm: 'Confirm receipt in WeChat',
    confirmInWechat: 'Open this page in WeChat to confirm the receipt.',
    cancel: 'Cancel withdrawal',
    confirmFailed: 'The receipt was not confirmed ({message}).',
  },
  'zh-CN': {
    withdrawals: '提现记录',
    'status.pending': '等待发送',
    'status.processing': '正在转入微信零钱',
    'status.awaiting_payee': '待您在微信中确认收款',
    'status.paid': '已转入微信零钱',
    'status.failed': '提现失败，款项已退回钱包',
    'status.cancelled': '提现已撤销，款项已退回钱包',
    confirm: '在微信中确认收款',
    confirmInWechat: '请在微信中打开本页确认收款。',
    cancel: '撤销提现',
    confirmFailed: '未确认收款（{message}）。',
  },
  'zh-TW': {
    withdrawals: '提現記錄',
    'status.pending': '等待發送',
    'status.processing': '正在轉入微信零錢',
    'status.awaiting_payee': '待您在微信中確認收款',
    'status.paid': '已轉入微信零錢',
    'status.failed': '提現失敗，款項已退回錢包',
    'status.cancelled': '提現已撤銷，款項已退回錢包',
    confirm: '在微信中確認收款',
    confirmInWechat: '請在微信中開啟本頁確認收款。',
    cancel: '撤銷提現',
    confirmFailed: '未確認收款（{message}）。',
  },
};
