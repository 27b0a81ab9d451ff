import type { PageTexts } from '../../i18n/pageTexts';

export type RedeemTextKey =
  | 'label'
  | 'placeholder'
  | 'redeem'
  | 'redeeming'
  | 'signInToRedeem'
  | 'gives'
  | 'level.premium'
  | 'level.vip'
  | 'level.enterprise'
  | 'month'
  | 'months'
  | 'year'
  | 'booklet'
  | 'soldBy'
  | 'validUntil'
  | 'status.used'
  | 'status.expired'
  | 'done.membership'
  | 'done.booklet'
  | 'readBooklet'
  | 'seeMembership'
  | 'error.invalid'
  | 'error.expired'
  | 'error.used'
  | 'error.owned'
  | 'error.ownBooklet'
  | 'error.throttled'
  | 'error.signIn'
  | 'error.network'
  | 'error.failed'
  | 'reseller.intro'
  | 'reseller.about';

/** The redeem pages' texts (/redeem, /reseller/redeem), kept in their chunk (docs/decisions/027). */
export const REDEEM_TEXTS: PageTexts<RedeemTextKey> = {
  en: {
    label: 'Redeem code',
    placeholder: 'XXXX-XXXX-XXXX-XXXX',
    redeem: 'Redeem',
    redeeming: 'Redeeming…',
    signInToRedeem: 'Sign in to redeem',
    gives: 'This code gives:',
    'level.premium': 'Premium membership',
    'level.vip': 'VIP membership',
    'level.enterprise': 'Enterprise membership',
    month: '1 month',
    months: { one: '{count} month', other: '{count} months' },
    year: '1 year',
    booklet: 'the booklet “{name}”',
    soldBy: 'Sold by {reseller}, an authorised reseller',
    validUntil: 'Redeem before {date}',
    'status.used': 'This code has already been used.',
    'status.expired': 'This code has expired.',
    'done.membership': 'Redeemed. Your {level} now runs until {date}.',
    'done.booklet': 'Redeemed. “{name}” is yours: every chapter is open to you.',
    readBooklet: 'Read it now',
    seeMembership: 'See your membership',
    'error.invalid': 'That is not a valid redeem code. Check it and try again.',
    'error.expired': 'This redeem code has expired.',
    'error.used': 'This redeem code has already been used.',
    'error.owned': 'You already own this booklet; the code is still unused.',
    'error.ownBooklet': 'This booklet is your own; the code is still unused.',
    'error.throttled': 'Too many wrong codes. Please wait a few minutes and try again.',
    'error.signIn': 'Please sign in first.',
    'error.network': 'Could not reach {site}. Check your connection and try again.',
    'error.failed': 'Redeeming failed ({status}). Please try again.',
    'reseller.intro': 'Bought a code from an authorised reseller? Enter it here.',
    'reseller.about': 'About our resellers',
  },
  'zh-CN': {
    label: '兑换码',
    placeholder: 'XXXX-XXXX-XXXX-XXXX',
    redeem: '兑换',
    redeeming: '正在兑换…',
    signInToRedeem: '登录后兑换',
    gives: '此兑换码可兑换：',
    'level.premium': '高级会员',
    'level.vip': 'VIP 会员',
    'level.enterprise': '企业会员',
    month: '1 个月',
    months: '{count} 个月',
    year: '1 年',
    booklet: '小册《{name}》',
    soldBy: '由授权经销商 {reseller} 售出',
    validUntil: '请在 {date} 前兑换',
    'status.used': '此兑换码已被使用。',
    'status.expired': '此兑换码已过期。',
    'done.membership': '兑换成功。你的{level}有效期至 {date}。',
    'done.booklet': '兑换成功。《{name}》已归你所有，所有章节均可阅读。',
    readBooklet: '立即阅读',
    seeMembership: '查看我的会员',
    'error.invalid': '兑换码无效，请检查后重试。',
    'error.expired': '此兑换码已过期。',
    'error.used': '此兑换码已被使用。',
    'error.owned': '你已拥有这本小册，兑换码未被使用。',
    'error.ownBooklet': '这是你自己的小册，兑换码未被使用。',
    'error.throttled': '错误次数过多，请几分钟后再试。',
    'error.signIn': '请先登录。',
    'error.network': '无法连接 {site}，请检查网络后重试。',
    'error.failed': '兑换失败（{status}），请重试。',
    'reseller.intro': '从授权经销商处购买了兑换码？请在此输入。',
    'reseller.about': '关于经销商',
  },
  'zh-TW': {
    label: '兌換碼',
    placeholder: 'XXXX-XXXX-XXXX-XXXX',
    redeem: '兌換',
    redeeming: '正在兌換…',
    signInToRedeem: '登入後兌換',
    gives: '此兌換碼可兌換：',
    'level.premium': '高級會員',
    'level.vip': 'VIP 會員',
    'level.enterprise': '企業會員',
    month: '1 個月',
    months: '{count} 個月',
    year: '1 年',
    booklet: '小冊《{name}》',
    soldBy: '由授權經銷商 {reseller} 售出',
    validUntil: '請在 {date} 前兌換',
    'status.used': '此兌換碼已被使用。',
    'status.expired': '此兌換碼已過期。',
    'done.membership': '兌換成功。你的{level}有效期至 {date}。',
    'done.booklet': '兌換成功。《{name}》已歸你所有，所有章節均可閱讀。',
    readBooklet: '立即閱讀',
    seeMembership: '查看我的會員',
    'error.invalid': '兌換碼無效，請檢查後重試。',
    'error.expired': '此兌換碼已過期。',
    'error.used': '此兌換碼已被使用。',
    'error.owned': '你已擁有這本小冊，兌換碼未被使用。',
    'error.ownBooklet': '這是你自己的小冊，兌換碼未被使用。',
    'error.throttled': '錯誤次數過多，請幾分鐘後再試。',
    'error.signIn': '請先登入。',
    'error.network': '無法連線 {site}，請檢查網路後重試。',
    'error.failed': '兌換失敗（{status}），請重試。',
    'reseller.intro': '從授權經銷商處購買了兌換碼？請在此輸入。',
    'reseller.about': '關於經銷商',
  },
};
