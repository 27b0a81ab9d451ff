import type { PageTexts } from '../../i18n/pageTexts';

export type NewsletterButtonTextKey = 'optIn' | 'pending' | 'active' | 'bounced' | 'failed';

/** The opt-in button's texts: in its own chunk, loaded for signed-in readers only (docs/decisions/016). */
export const NEWSLETTER_BUTTON_TEXTS: PageTexts<NewsletterButtonTextKey> = {
  en: {
    optIn: 'Get new articles by e-mail',
    pending: 'Confirm in your inbox (send again)',
    active: 'E-mails on · stop',
    bounced: 'E-mails bounced · try again',
    failed: 'The e-mail setting could not be changed. Try again.',
  },
  'zh-CN': {
    optIn: '通过邮件接收新文章',
    pending: '请到邮箱确认（重新发送）',
    active: '已开启邮件 · 停止',
    bounced: '邮件被退回 · 重试',
    failed: '邮件设置未能更改，请重试。',
  },
  'zh-TW': {
    optIn: '透過郵件接收新文章',
    pending: '請到郵箱確認（重新寄送）',
    active: '已開啟郵件 · 停止',
    bounced: '郵件被退回 · 重試',
    failed: '郵件設定未能更改，請重試。',
  },
};
