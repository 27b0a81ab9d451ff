import { siteFreeTexts, type PageTexts } from '../../i18n/pageTexts';

export type PromptTextKey =
  | 'upgrade.traffic.title'
  | 'upgrade.traffic.body'
  | 'upgrade.pdf.title'
  | 'upgrade.pdf.body'
  | 'upgrade.action'
  | 'phone.title'
  | 'phone.body'
  | 'phone.openPage'
  | 'close'
  | 'later';

/** The member-upgrade and phone-verification prompts (editor chunk only). */
export const PROMPT_TEXTS: PageTexts<PromptTextKey> = {
  en: {
    'upgrade.traffic.title': 'Upload traffic used up',
    'upgrade.traffic.body': 'Your upload traffic for this month is used up. Members get more traffic every month; upgrade to keep adding images.',
    'upgrade.pdf.title': 'PDF exports used up',
    'upgrade.pdf.body': 'You have used this month’s PDF exports. Members export more articles as PDF every month.',
    'upgrade.action': 'See membership plans',
    'phone.title': 'Verify your phone number',
    'phone.body': 'Before you publish, verify a phone number with a text message code.',
    'phone.openPage': 'Open in a new tab',
    close: 'Close',
    later: 'Not now',
  },
  'zh-CN': {
    'upgrade.traffic.title': '上传流量已用完',
    'upgrade.traffic.body': '本月的上传流量已用完。会员每月有更多流量，升级后即可继续添加图片。',
    'upgrade.pdf.title': 'PDF 导出次数已用完',
    'upgrade.pdf.body': '本月的 PDF 导出次数已用完。会员每月可导出更多文章为 PDF。',
    'upgrade.action': '查看会员方案',
    'phone.title': '验证手机号',
    'phone.body': '发布前，请用短信验证码验证手机号。',
    'phone.openPage': '在新标签页中打开',
    close: '关闭',
    later: '暂不',
  },
  'zh-TW': {
    'upgrade.traffic.title': '上傳流量已用完',
    'upgrade.traffic.body': '本月的上傳流量已用完。會員每月有更多流量，升級後即可繼續新增圖片。',
    'upgrade.pdf.title': 'PDF 匯出次數已用完',
    'upgrade.pdf.body': '本月的 PDF 匯出次數已用完。會員每月可匯出更多文章為 PDF。',
    'upgrade.action': '查看會員方案',
    'phone.title': '驗證手機號碼',
    'phone.body': '發布前，請用簡訊驗證碼驗證手機號碼。',
    'phone.openPage': '在新分頁中開啟',
    close: '關閉',
    later: '暫不',
  },
};

export const promptTexts = siteFreeTexts(PROMPT_TEXTS);
