import type { PageTexts } from '../../i18n/pageTexts';

export type SmsTextKey =
  | 'phoneLabel'
  | 'phonePlaceholder'
  | 'send'
  | 'sending'
  | 'sentTo'
  | 'codeLabel'
  | 'verify'
  | 'verifying'
  | 'resend'
  | 'resendIn'
  | 'changeNumber'
  | 'verified'
  | 'error.phone'
  | 'error.code'
  | 'error.wrong'
  | 'error.expired'
  | 'error.spent'
  | 'error.wait'
  | 'error.tooMany'
  | 'error.network'
  | 'error.failed'
  | 'error.notSent';

/** This page's texts (docs/decisions/016: page texts stay out of the catalogues every page loads). */
export const SMS_TEXTS: PageTexts<SmsTextKey> = {
  en: {
    phoneLabel: 'Phone number',
    phonePlaceholder: '138 0013 8000 or +44 20 7946 0958',
    send: 'Send code',
    sending: 'Sending…',
    sentTo: 'We sent a 6-digit code to {phone}. It is valid for 10 minutes.',
    codeLabel: 'Verification code',
    verify: 'Verify',
    verifying: 'Verifying…',
    resend: 'Send again',
    resendIn: 'Send again in {seconds} s',
    changeNumber: 'Use another number',
    verified: 'Your phone number {phone} is verified.',
    'error.phone': 'Please enter a valid phone number (mainland mobile numbers may leave out +86).',
    'error.code': 'Please enter the 6-digit code.',
    'error.wrong': 'The code is not correct. Please check it and try again.',
    'error.expired': 'The code has expired. Please ask for a new one.',
    'error.spent': 'Too many wrong codes. Please ask for a new one.',
    'error.wait': {
      one: 'Please wait {count} second before asking for another code.',
      other: 'Please wait {count} seconds before asking for another code.',
    },
    'error.tooMany': 'Too many codes were requested. Please try again in an hour.',
    'error.network': 'Network error. Please try again.',
    'error.failed': 'Request failed! Error code: {status}',
    'error.notSent': 'The text message could not be sent. Please try again in a moment.',
  },
  'zh-CN': {
    phoneLabel: '手机号码',
    phonePlaceholder: '138 0013 8000 或 +852 9123 4567',
    send: '获取验证码',
    sending: '发送中…',
    sentTo: '验证码已发送至 {phone}，10 分钟内有效。',
    codeLabel: '验证码',
    verify: '验证',
    verifying: '验证中…',
    resend: '重新发送',
    resendIn: '{seconds} 秒后可重新发送',
    changeNumber: '更换号码',
    verified: '你的手机号码 {phone} 已验证。',
    'error.phone': '请输入有效的手机号码（中国大陆手机号可省略 +86）。',
    'error.code': '请输入 6 位验证码。',
    'error.wrong': '验证码不正确，请检查后重试。',
    'error.expired': '验证码已过期，请重新获取。',
    'error.spent': '错误次数过多，请重新获取验证码。',
    'error.wait': '请等待 {count} 秒后再获取验证码。',
    'error.tooMany': '获取验证码过于频繁，请一小时后再试。',
    'error.network': '网络错误，请重试。',
    'error.failed': '请求失败！错误代码：{status}',
    'error.notSent': '短信发送失败，请稍后重试。',
  },
  'zh-TW': {
    phoneLabel: '手機號碼',
    phonePlaceholder: '138 0013 8000 或 +852 9123 4567',
    send: '獲取驗證碼',
    sending: '傳送中…',
    sentTo: '驗證碼已傳送至 {phone}，10 分鐘內有效。',
    codeLabel: '驗證碼',
    verify: '驗證',
    verifying: '驗證中…',
    resend: '重新發送',
    resendIn: '{seconds} 秒後可重新發送',
    changeNumber: '更換號碼',
    verified: '你的手機號碼 {phone} 已驗證。',
    'error.phone': '請輸入有效的手機號碼（中國大陸手機號可省略 +86）。',
    'error.code': '請輸入 6 位驗證碼。',
    'error.wrong': '驗證碼不正確，請檢查後重試。',
    'error.expired': '驗證碼已過期，請重新獲取。',
    'error.spent': '錯誤次數過多，請重新獲取驗證碼。',
    'error.wait': '請等待 {count} 秒後再獲取驗證碼。',
    'error.tooMany': '獲取驗證碼過於頻繁，請一小時後再試。',
    'error.network': '網路錯誤，請重試。',
    'error.failed': '請求失敗！錯誤代碼：{status}',
    'error.notSent': '簡訊傳送失敗，請稍後重試。',
  },
};
