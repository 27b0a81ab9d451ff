import { action, makeObservable, observable, runInAction } from 'mobx';
import { isSmsCode, normalizePhone, SMS_CODE, SMS_ERRORS } from '../../../shared/phone';
import type { TextLocale } from '../../../shared/locale';
import { ApiRequestError, type ApiClient } from '../../api/client';
import { smsApi } from '../../api/sms';
import type { MessageParams } from '../../i18n/translate';
import type { SmsTextKey } from './texts';

export interface SmsMessage {
  key: SmsTextKey;
  params?: MessageParams;
}

export type SmsStep = 'phone' | 'code' | 'verified';

/** The phone-code form of /h5/sms_code: number, code, resend countdown, and what went wrong. */
export class SmsCodeStore {
  step: SmsStep = 'phone';
  phone = '';
  code = '';
  /** The number the code went to, as the server normalised it. */
  sentTo: string | null = null;
  busy = false;
  error: SmsMessage | null = null;
  /** Seconds until another code may be asked for. */
  resendIn = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly locale: TextLocale,
  ) {
    makeObservable(this, {
      step: observable,
      phone: observable,
      code: observable,
      sentTo: observable,
      busy: observable,
      error: observable,
      resendIn: observable,
      setPhone: action,
      setCode: action,
      changeNumber: action,
      tick: action,
    });
  }

  setPhone(phone: string): void {
    this.phone = phone;
  }

  setCode(code: string): void {
    this.code = code.replace(/\D/g, '').slice(0, SMS_CODE.length);
  }

  /** Sends a code to the typed number (also "send again"); a second call while one runs is ignored. */
  async send(): Promise<void> {
    if (this.busy || this.resendIn > 0) return;
    const phone = normalizePhone(this.phone);
    if (!phone) {
      runInAction(() => (this.error = { key: 'error.phone' }));
      return;
    }
    runInAction(() => {
      this.busy = true;
      this.error = null;
    });
    try {
      const sent = await smsApi.sendCode(this.api, phone, this.locale);
      runInAction(() => {
        this.sentTo = sent.phone;
        this.step = 'code';
        this.code = '';
      });
      this.startCountdown(SMS_CODE.resendAfterMs / 1000);
    } catch (error) {
      const message = smsErrorMessage(error);
      runInAction(() => (this.error = message));
      const wait = waitSeconds(error);
      if (wait) this.startCountdown(wait);
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async verify(): Promise<void> {
    if (this.busy || !this.sentTo) return;
    if (!isSmsCode(this.code)) {
      runInAction(() => (this.error = { key: 'error.code' }));
      return;
    }
    const phone = this.sentTo;
    runInAction(() => {
      this.busy = true;
      this.error = null;
    });
    try {
      await smsApi.verify(this.api, phone, this.code);
      runInAction(() => (this.step = 'verified'));
      this.stopCountdown();
    } catch (error) {
      runInAction(() => (this.error = smsErrorMessage(error)));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  changeNumber(): void {
    this.step = 'phone';
    this.code = '';
    this.error = null;
  }

  tick(): void {
    this.resendIn = Math.max(0, this.resendIn - 1);
    if (this.resendIn === 0) this.stopCountdown();
  }

  dispose(): void {
    this.stopCountdown();
  }

  private startCountdown(seconds: number): void {
    this.stopCountdown();
    runInAction(() => (this.resendIn = seconds));
    this.timer = setInterval(() => this.tick(), 1000);
  }

  private stopCountdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** The API's answer in the reader's language (its texts are the server's, in English). */
export function smsErrorMessage(error: unknown): SmsMessage {
  if (!(error instanceof ApiRequestError)) return { key: 'error.network' };
  if (error.status === 0) return { key: 'error.network' };
  const wait = waitSeconds(error);
  if (wait) return { key: 'error.wait', params: { count: wait } };
  const data = typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
  switch (data.detail) {
    case SMS_ERRORS.wrong:
      return { key: 'error.wrong' };
    case SMS_ERRORS.noCode:
      return { key: 'error.expired' };
    case SMS_ERRORS.spent:
      return { key: 'error.spent' };
    case SMS_ERRORS.notSent:
      return { key: 'error.notSent' };
    case SMS_ERRORS.tooManyForNumber:
    case SMS_ERRORS.tooManyFromAddress:
      return { key: 'error.tooMany' };
  }
  if (error.status === 400 && 'phone' in data) return { key: 'error.phone' };
  if (error.status === 400 && 'code' in data) return { key: 'error.code' };
  return { key: 'error.failed', params: { status: error.status } };
}

function waitSeconds(error: unknown): number | null {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return null;
  const match = /^Please wait (\d+) seconds/.exec(error.message);
  return match ? Number(match[1]) : null;
}
