import type { PageTexts } from '../../i18n/pageTexts';

export type AppsTextKey = 'signUpNotice' | 'ios' | 'android' | 'comingSoon' | 'wechatHint' | 'feature.write' | 'feature.notify' | 'feature.buy';

/** This page's texts (docs/decisions/016: page texts stay out of the catalogues every page loads). */
export const APPS_TEXTS: PageTexts<AppsTextKey> = {
  en: {
    signUpNotice: 'Sign-up happens in the app: create your account in the iOS or Android app, then sign in here with the same e-mail and password.',
    ios: 'Download on the App Store',
    android: 'Get it on Google Play',
    comingSoon: 'Coming soon',
    wechatHint: 'Inside the chat app, tap ··· at the top right and choose "Open in Browser" to download.',
    'feature.write': 'Write and edit articles anywhere, even offline.',
    'feature.notify': 'Get notified of likes, comments and new followers.',
    'feature.buy': 'Buy membership and booklets, and manage your wallet.',
  },
  'zh-CN': {
    signUpNotice: '注册需在 App 中完成：请在 iOS 或 Android App 中创建账号，然后在这里用相同的邮箱和密码登录。',
    ios: '在 App Store 下载',
    android: '在 Google Play 下载',
    comingSoon: '即将上线',
    wechatHint: '在聊天应用中，请点击右上角的 ··· 并选择“在浏览器中打开”后下载。',
    'feature.write': '随时随地写作和编辑文章，离线也可以。',
    'feature.notify': '及时收到点赞、评论和新关注的通知。',
    'feature.buy': '购买会员和小册，管理你的钱包。',
  },
  'zh-TW': {
    signUpNotice: '註冊需在 App 中完成：請在 iOS 或 Android App 中建立帳號，然後在這裡用相同的郵箱和密碼登入。',
    ios: '在 App Store 下載',
    android: '在 Google Play 下載',
    comingSoon: '即將上線',
    wechatHint: '在聊天應用中，請點選右上角的 ··· 並選擇「在瀏覽器中開啟」後下載。',
    'feature.write': '隨時隨地寫作和編輯文章，離線也可以。',
    'feature.notify': '及時收到點贊、評論和新關注的通知。',
    'feature.buy': '購買會員和小冊，管理你的錢包。',
  },
};
