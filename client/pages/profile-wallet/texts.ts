import type { PageTexts } from '../../i18n/pageTexts';

export type WalletTextKey = 'withdrawals' | 'status.pending' | 'status.processing' | 'status.paid' | 'status.failed';

/** The wallet page's own texts: the withdrawals and their states (docs/decisions/050). */
export const WALLET_TEXTS: PageTexts<WalletTextKey> = {
  en: {
    withdrawals: 'Withdrawals',
    'status.pending': 'Waiting to be sent',
    'status.processing': 'On its way to your WeChat balance',
    'status.paid': 'Paid to your WeChat balance',
    'status.failed': 'Failed: the money is back in your wallet',
  },
  'zh-CN': {
    withdrawals: '提现记录',
    'status.pending': '等待发送',
    'status.processing': '正在转入微信零钱',
    'status.paid': '已转入微信零钱',
    'status.failed': '提现失败，款项已退回钱包',
  },
  'zh-TW': {
    withdrawals: '提現記錄',
    'status.pending': '等待發送',
    'status.processing': '正在轉入微信零錢',
    'status.paid': '已轉入微信零錢',
    'status.failed': '提現失敗，款項已退回錢包',
  },
};
