import type { TextLocale } from '../../shared/locale';
import type { ApiClient } from './client';

/** The phone-code flow of /h5/sms_code (docs/decisions/016). */
export const smsApi = {
  sendCode: (api: ApiClient, phone: string, lang: TextLocale) =>
    api.request<{ detail: string; phone: string }>({ method: 'POST', path: '/api/sms/code/', body: { phone, lang } }),

  verify: (api: ApiClient, phone: string, code: string) =>
    api.request<{ detail: string; phone: string; verified: true }>({ method: 'POST', path: '/api/sms/verify/', body: { phone, code } }),
};
