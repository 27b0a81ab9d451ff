import type { TextLocale } from '../../shared/locale';
import type { SmsCodeRequest, SmsCodeSent, SmsVerified, SmsVerifyRequest } from '../../shared/sms';
import type { ApiClient } from './client';

/** The phone-code flow of /h5/sms_code (docs/decisions/016). */
export const smsApi = {
  sendCode: (api: ApiClient, phone: string, lang: TextLocale) =>
    api.request<SmsCodeSent>({ method: 'POST', path: '/api/sms/code/', body: { phone, lang } satisfies SmsCodeRequest }),

  verify: (api: ApiClient, phone: string, code: string) =>
    api.request<SmsVerified>({ method: 'POST', path: '/api/sms/verify/', body: { phone, code } satisfies SmsVerifyRequest }),
};
