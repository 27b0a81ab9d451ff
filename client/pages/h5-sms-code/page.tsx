import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame';
import { pageTranslator } from '../../i18n/pageTexts';
import { useStores } from '../../stores/context';
import { SmsCodeStore } from './SmsCodeStore';
import { SMS_TEXTS } from './texts';
import { SmsPageField } from '../../components/SmsPageField';
import { FormError } from '../../components/FormError';

/** The mobile-web phone-code page: a number, a 6-digit code by SMS, verified (docs/decisions/016). */
export default observer(function H5SmsCodePage() {
  const stores = useStores();
  const { env } = stores;
  const [sms] = useState(() => new SmsCodeStore(stores.api, env.textLocale));
  useEffect(() => () => sms.dispose(), [sms]);
  const t = pageTranslator(SMS_TEXTS, env.textLocale, env.siteName);

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    void sms.send();
  };
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    void sms.verify();
  };
  const error = <FormError className="sms-page__error" message={sms.error ? t(sms.error.key, sms.error.params) : null} />;
  const resend = sms.resendIn > 0 ? t('resendIn', { seconds: sms.resendIn }) : t('resend');

  return (
    <ScreenFrame titleKey="screen.h5-sms-code.title" introKey="screen.h5-sms-code.intro">
      <div className="sms-page">
        {sms.step === 'phone' ? (
          <form className="sms-page__form" onSubmit={onSend} noValidate>
            <SmsPageField
              id="sms-phone"
              label={t('phoneLabel')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={40}
              placeholder={t('phonePlaceholder')}
              value={sms.phone}
              onChange={(e) => sms.setPhone(e.target.value)}
            />
            {error}
            <button type="submit" className="button button--primary sms-page__submit" disabled={sms.busy || sms.resendIn > 0}>
              {sms.busy ? t('sending') : sms.resendIn > 0 ? resend : t('send')}
            </button>
          </form>
        ) : null}
        {sms.step === 'code' ? (
          <form className="sms-page__form" onSubmit={onVerify} noValidate>
            <p className="sms-page__sent">{t('sentTo', { phone: sms.sentTo ?? '' })}</p>
            <SmsPageField
              id="sms-code"
              label={t('codeLabel')}
              code
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              value={sms.code}
              onChange={(e) => sms.setCode(e.target.value)}
            />
            {error}
            <button type="submit" className="button button--primary sms-page__submit" disabled={sms.busy}>
              {sms.busy ? t('verifying') : t('verify')}
            </button>
            <p className="sms-page__actions">
              <button type="button" className="link-button" disabled={sms.busy || sms.resendIn > 0} onClick={() => void sms.send()}>
                {resend}
              </button>
              <button type="button" className="link-button" onClick={() => sms.changeNumber()}>
                {t('changeNumber')}
              </button>
            </p>
          </form>
        ) : null}
        {sms.step === 'verified' ? (
          <p className="sms-page__done" role="status">
            {t('verified', { phone: sms.sentTo ?? '' })}
          </p>
        ) : null}
      </div>
    </ScreenFrame>
  );
});
