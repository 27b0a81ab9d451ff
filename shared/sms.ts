import type { DetailMessage } from './entities';
import type { TextLocale } from './locale';

/** The phone-code calls' shapes, the same on both sides (`/api/sms/`, docs/decisions/016). */

/** `POST /api/sms/code/`: send a code to the phone, the text in `lang` (English when absent). */
export interface SmsCodeRequest {
  phone: string;
  lang?: TextLocale;
}

/** The code went out; `phone` is the number as the server normalised it. */
export interface SmsCodeSent extends DetailMessage {
  phone: string;
}

/** `POST /api/sms/verify/`: the code the phone received. */
export interface SmsVerifyRequest {
  phone: string;
  code: string;
}

export interface SmsVerified extends DetailMessage {
  phone: string;
  verified: true;
}
