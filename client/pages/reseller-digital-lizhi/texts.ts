import type { PageTexts } from '../../i18n/pageTexts';

export type ResellerTextKey =
  | 'who'
  | 'buy.title'
  | 'buy.text'
  | 'kinds.title'
  | 'kinds.membership'
  | 'kinds.booklet'
  | 'redeem.title'
  | 'redeem.step1'
  | 'redeem.step2'
  | 'redeem.step3'
  | 'redeem.cta'
  | 'safety.title'
  | 'safety.text';

/** The reseller page's texts (docs/decisions/027). */
export const RESELLER_TEXTS: PageTexts<ResellerTextKey> = {
  en: {
    who: 'Digital Lizhi is an authorised reseller of {site}: it sells {site} memberships and booklets as redeem codes, for gifts, classes and teams.',
    'buy.title': 'How to buy',
    'buy.text': 'Buy from the Digital Lizhi shop. You receive a 16-character code such as ABCD-EFGH-JKMN-PQRS, by message or printed on a card.',
    'kinds.title': 'What a code gives',
    'kinds.membership': 'Membership time: Premium, VIP or Enterprise, one month or one year, added to any membership you already have.',
    'kinds.booklet': 'A booklet: every chapter, yours to read for good.',
    'redeem.title': 'How to redeem',
    'redeem.step1': 'Sign in to {site}.',
    'redeem.step2': 'Open the reseller redeem page and enter the code (dashes and case do not matter).',
    'redeem.step3': 'Check what the code gives and press Redeem. Each code works once, before the date shown.',
    'redeem.cta': 'Redeem a code',
    'safety.title': 'Keep your code safe',
    'safety.text': 'Anyone who has the code can redeem it. {site} never asks for your password to redeem a code.',
  },
  'zh-CN': {
    who: '数字荔枝是 {site} 的授权经销商，以兑换码的形式销售 {site} 会员和小册，适合送礼、课堂和团队。',
    'buy.title': '如何购买',
    'buy.text': '在数字荔枝店铺购买。你会通过消息或印刷卡片收到一个 16 位兑换码，例如 ABCD-EFGH-JKMN-PQRS。',
    'kinds.title': '兑换码可兑换什么',
    'kinds.membership': '会员时长：高级会员、VIP 会员或企业会员，一个月或一年，叠加在现有会员时长之后。',
    'kinds.booklet': '一本小册：全部章节，永久阅读。',
    'redeem.title': '如何兑换',
    'redeem.step1': '登录 {site}。',
    'redeem.step2': '打开经销商兑换页面，输入兑换码（不区分大小写，短横线可有可无）。',
    'redeem.step3': '确认兑换内容后点击“兑换”。每个兑换码只能使用一次，并须在显示的日期前兑换。',
    'redeem.cta': '兑换兑换码',
    'safety.title': '妥善保管兑换码',
    'safety.text': '任何拿到兑换码的人都可以兑换。{site} 兑换时绝不会索要你的密码。',
  },
  'zh-TW': {
    who: '數字荔枝是 {site} 的授權經銷商，以兌換碼的形式銷售 {site} 會員和小冊，適合送禮、課堂和團隊。',
    'buy.title': '如何購買',
    'buy.text': '在數字荔枝商店購買。你會透過訊息或印刷卡片收到一組 16 位兌換碼，例如 ABCD-EFGH-JKMN-PQRS。',
    'kinds.title': '兌換碼可兌換什麼',
    'kinds.membership': '會員時長：高級會員、VIP 會員或企業會員，一個月或一年，疊加在現有會員時長之後。',
    'kinds.booklet': '一本小冊：全部章節，永久閱讀。',
    'redeem.title': '如何兌換',
    'redeem.step1': '登入 {site}。',
    'redeem.step2': '開啟經銷商兌換頁面，輸入兌換碼（不區分大小寫，短橫線可有可無）。',
    'redeem.step3': '確認兌換內容後點擊「兌換」。每組兌換碼只能使用一次，並須在顯示的日期前兌換。',
    'redeem.cta': '兌換兌換碼',
    'safety.title': '妥善保管兌換碼',
    'safety.text': '任何拿到兌換碼的人都可以兌換。{site} 兌換時絕不會索取你的密碼。',
  },
};
