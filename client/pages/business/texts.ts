import type { PageTexts } from '../../i18n/pageTexts';

export type BusinessTextKey =
  | 'team.title'
  | 'team.text'
  | 'paid.title'
  | 'paid.text'
  | 'reach.title'
  | 'reach.text'
  | 'quota.title'
  | 'quota.text'
  | 'cta.title'
  | 'cta.text'
  | 'cta.contact'
  | 'cta.policy';

/** This page's texts (docs/decisions/016: page texts stay out of the catalogues every page loads). */
export const BUSINESS_TEXTS: PageTexts<BusinessTextKey> = {
  en: {
    'team.title': 'Publish as a team',
    'team.text': 'One enterprise membership for your whole organisation: shared quotas, a column for each team and a badge that tells readers who you are.',
    'paid.title': 'Sell what you know',
    'paid.text': 'Turn guides, courses and reports into booklets sold by the chapter. Earnings go to your wallet and are paid out under clear rules.',
    'reach.title': 'Reach readers where they are',
    'reach.text':
      'Pages load fast on phones, open inside the chat app and its mini program, and travel with one share link. Search engines see every public page.',
    'quota.title': 'Room to grow',
    'quota.text': 'Higher page-view quotas, more upload traffic and PDF exports for documentation, newsletters and internal handbooks.',
    'cta.title': 'Talk to us',
    'cta.text': 'Tell us about your organisation and what you want to publish. We reply by e-mail within one working day.',
    'cta.contact': 'Contact us',
    'cta.policy': 'Our content policy',
  },
  'zh-CN': {
    'team.title': '团队协作发布',
    'team.text': '一个企业会员覆盖整个机构：共享额度，每个团队一个专栏，头像标识让读者知道你是谁。',
    'paid.title': '让知识产生价值',
    'paid.text': '把指南、课程和报告做成按章节销售的小册。收益进入钱包，按清晰的规则提现。',
    'reach.title': '在读者所在之处触达读者',
    'reach.text': '页面在手机上加载迅速，可在聊天应用及其小程序中打开，一个分享链接即可传播。搜索引擎可以看到每个公开页面。',
    'quota.title': '为增长留足空间',
    'quota.text': '更高的浏览量额度、更多上传流量和 PDF 导出，适用于文档、简报和内部手册。',
    'cta.title': '联系我们',
    'cta.text': '告诉我们你的机构和想发布的内容，我们会在一个工作日内通过邮件回复。',
    'cta.contact': '联系我们',
    'cta.policy': '内容规范',
  },
  'zh-TW': {
    'team.title': '團隊協作發布',
    'team.text': '一個企業會員覆蓋整個機構：共享額度，每個團隊一個專欄，頭像標識讓讀者知道你是誰。',
    'paid.title': '讓知識產生價值',
    'paid.text': '把指南、課程和報告做成按章節銷售的小冊。收益進入錢包，按清晰的規則提現。',
    'reach.title': '在讀者所在之處觸達讀者',
    'reach.text': '頁面在手機上載入迅速，可在聊天應用及其小程式中開啟，一個分享連結即可傳播。搜尋引擎可以看到每個公開頁面。',
    'quota.title': '為增長留足空間',
    'quota.text': '更高的瀏覽量額度、更多上傳流量和 PDF 匯出，適用於文件、簡報和內部手冊。',
    'cta.title': '聯絡我們',
    'cta.text': '告訴我們你的機構和想發布的內容，我們會在一個工作日內通過郵件回覆。',
    'cta.contact': '聯絡我們',
    'cta.policy': '內容規範',
  },
};
