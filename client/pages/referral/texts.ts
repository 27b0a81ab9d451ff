import type { PageTexts } from '../../i18n/pageTexts';

export type ReferralTextKey =
  | 'invitedBy'
  | 'recorded'
  | 'remembered'
  | 'signIn'
  | 'yourLink'
  | 'copy'
  | 'copied'
  | 'referred'
  | 'signInForLink'
  | 'loading'
  | 'error.invalid'
  | 'error.own'
  | 'error.already'
  | 'error.throttled'
  | 'error.failed';

/** The invitation page's texts (docs/decisions/027). */
export const REFERRAL_TEXTS: PageTexts<ReferralTextKey> = {
  en: {
    invitedBy: '{username} invited you to {site}.',
    recorded: 'Thank you: {username} is recorded as the friend who invited you.',
    remembered: 'Sign in and we will remember that {username} invited you.',
    signIn: 'Sign in',
    yourLink: 'Your invitation link',
    copy: 'Copy link',
    copied: 'Copied',
    referred: 'Friends who joined through your link: {count}',
    signInForLink: 'Sign in to get your own invitation link.',
    loading: 'Loading…',
    'error.invalid': 'This invitation link is not valid.',
    'error.own': 'This is your own invitation link: share it with friends.',
    'error.already': 'Another friend already invited you; the first invitation counts.',
    'error.throttled': 'Too many attempts. Please wait a few minutes.',
    'error.failed': 'Something went wrong ({status}). Please try again.',
  },
  'zh-CN': {
    invitedBy: '{username} 邀请你加入 {site}。',
    recorded: '谢谢！已记录 {username} 为邀请你的朋友。',
    remembered: '登录后，我们会记住是 {username} 邀请了你。',
    signIn: '登录',
    yourLink: '你的邀请链接',
    copy: '复制链接',
    copied: '已复制',
    referred: '通过你的链接加入的朋友：{count}',
    signInForLink: '登录以获取你自己的邀请链接。',
    loading: '加载中…',
    'error.invalid': '此邀请链接无效。',
    'error.own': '这是你自己的邀请链接，分享给朋友吧。',
    'error.already': '已有其他朋友邀请过你，以第一次邀请为准。',
    'error.throttled': '尝试次数过多，请几分钟后再试。',
    'error.failed': '出错了（{status}），请重试。',
  },
  'zh-TW': {
    invitedBy: '{username} 邀請你加入 {site}。',
    recorded: '謝謝！已記錄 {username} 為邀請你的朋友。',
    remembered: '登入後，我們會記住是 {username} 邀請了你。',
    signIn: '登入',
    yourLink: '你的邀請連結',
    copy: '複製連結',
    copied: '已複製',
    referred: '透過你的連結加入的朋友：{count}',
    signInForLink: '登入以取得你自己的邀請連結。',
    loading: '載入中…',
    'error.invalid': '此邀請連結無效。',
    'error.own': '這是你自己的邀請連結，分享給朋友吧。',
    'error.already': '已有其他朋友邀請過你，以第一次邀請為準。',
    'error.throttled': '嘗試次數過多，請幾分鐘後再試。',
    'error.failed': '出錯了（{status}），請重試。',
  },
};
