import type { PageTexts } from '../../client/i18n/pageTexts';

export type NewsletterTextKey =
  | 'mail.intro'
  | 'mail.readOnSite'
  | 'mail.paidChapter'
  | 'mail.why'
  | 'mail.unsubscribe'
  | 'confirm.subject'
  | 'confirm.text'
  | 'confirm.ignore'
  | 'page.confirmTitle'
  | 'page.confirmQuestion'
  | 'page.confirmButton'
  | 'page.confirmed'
  | 'page.unsubscribeTitle'
  | 'page.unsubscribeQuestion'
  | 'page.unsubscribeButton'
  | 'page.unsubscribed'
  | 'page.bounced'
  | 'page.invalid'
  | 'page.toColumn';

/** The newsletter's mails and the pages of its signed links, in the reader's language (docs/decisions/072). */
export const NEWSLETTER_TEXTS: PageTexts<NewsletterTextKey> = {
  en: {
    'mail.intro': 'New from {author} on {site}',
    'mail.readOnSite': 'Read it on {site}',
    'mail.paidChapter': 'This article is a chapter of a paid booklet: read it on {site}.',
    'mail.why': 'You get this mail because you follow {author} on {site} and asked for their new articles by e-mail.',
    'mail.unsubscribe': 'Unsubscribe from {author}’s newsletter',
    'confirm.subject': 'Confirm your e-mail for {author}’s newsletter',
    'confirm.text': 'Open this link to get the new articles of {author} on {site} at this address:',
    'confirm.ignore': 'If it was not you, ignore this mail: nothing will be sent to you.',
    'page.confirmTitle': 'Newsletter of {author}',
    'page.confirmQuestion': 'Get {author}’s new articles by e-mail at {email}?',
    'page.confirmButton': 'Confirm',
    'page.confirmed': 'Done: {author}’s new articles will come to {email}.',
    'page.unsubscribeTitle': 'Newsletter of {author}',
    'page.unsubscribeQuestion': 'Stop mailing {author}’s new articles to {email}?',
    'page.unsubscribeButton': 'Unsubscribe',
    'page.unsubscribed': 'You are unsubscribed: {email} gets no more mail from {author}’s newsletter.',
    'page.bounced': 'Mail to {email} came back undelivered, so none is sent there any more.',
    'page.invalid': 'This link is not valid. Copy the whole link from the mail, or manage your newsletters on the author’s column.',
    'page.toColumn': 'Go to {author}’s column',
  },
  'zh-CN': {
    'mail.intro': '{author} 在 {site} 发表了新文章',
    'mail.readOnSite': '在 {site} 阅读',
    'mail.paidChapter': '这篇文章是付费小册的章节，请在 {site} 阅读。',
    'mail.why': '你收到这封邮件，是因为你在 {site} 关注了 {author}，并选择通过邮件接收其新文章。',
    'mail.unsubscribe': '退订 {author} 的邮件通讯',
    'confirm.subject': '请确认邮箱以接收 {author} 的邮件通讯',
    'confirm.text': '打开下面的链接，即可在这个邮箱接收 {author} 在 {site} 的新文章：',
    'confirm.ignore': '如果这不是你的操作，请忽略这封邮件：我们不会给你发送任何邮件。',
    'page.confirmTitle': '{author} 的邮件通讯',
    'page.confirmQuestion': '要在 {email} 接收 {author} 的新文章吗？',
    'page.confirmButton': '确认',
    'page.confirmed': '已确认：{author} 的新文章将发送到 {email}。',
    'page.unsubscribeTitle': '{author} 的邮件通讯',
    'page.unsubscribeQuestion': '不再向 {email} 发送 {author} 的新文章？',
    'page.unsubscribeButton': '退订',
    'page.unsubscribed': '已退订：{email} 不会再收到 {author} 的邮件通讯。',
    'page.bounced': '发往 {email} 的邮件被退回，因此不再向该地址发送。',
    'page.invalid': '这个链接无效。请从邮件中复制完整的链接，或在作者的专栏管理你的邮件通讯。',
    'page.toColumn': '前往 {author} 的专栏',
  },
  'zh-TW': {
    'mail.intro': '{author} 在 {site} 發表了新文章',
    'mail.readOnSite': '在 {site} 閱讀',
    'mail.paidChapter': '這篇文章是付費小冊的章節，請在 {site} 閱讀。',
    'mail.why': '你收到這封郵件，是因為你在 {site} 關注了 {author}，並選擇透過郵件接收其新文章。',
    'mail.unsubscribe': '退訂 {author} 的電子報',
    'confirm.subject': '請確認郵箱以接收 {author} 的電子報',
    'confirm.text': '開啟下面的連結，即可在這個郵箱接收 {author} 在 {site} 的新文章：',
    'confirm.ignore': '如果這不是你的操作，請忽略這封郵件：我們不會寄送任何郵件給你。',
    'page.confirmTitle': '{author} 的電子報',
    'page.confirmQuestion': '要在 {email} 接收 {author} 的新文章嗎？',
    'page.confirmButton': '確認',
    'page.confirmed': '已確認：{author} 的新文章將寄到 {email}。',
    'page.unsubscribeTitle': '{author} 的電子報',
    'page.unsubscribeQuestion': '不再寄送 {author} 的新文章到 {email}？',
    'page.unsubscribeButton': '退訂',
    'page.unsubscribed': '已退訂：{email} 不會再收到 {author} 的電子報。',
    'page.bounced': '寄往 {email} 的郵件被退回，因此不再寄送到該地址。',
    'page.invalid': '這個連結無效。請從郵件中複製完整的連結，或在作者的專欄管理你的電子報。',
    'page.toColumn': '前往 {author} 的專欄',
  },
};
