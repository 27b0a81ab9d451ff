import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame';
import { useStores } from '../../stores/context';
import { SmsCodeStore } from './SmsCodeStore';

/** The mobile-web phone-code page: a number, a 6-digit code by SMS, verified (docs/decisions/016). */
export default observer(function H5SmsCodePage() {
  const stores = useStores();
  const { env } = stores;
  const [sms] = useState(() => new SmsCodeStore(stores.api, env.textLocale));
  useEffect(() => () => sms.dispose(), [sms]);

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    void sms.send();
  };
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    void sms.verify();
  };
  const error = sms.error ? (
    <p className="sms-page__error" role="alert">
      {env.t(sms.error.key, sms.error.params)}
    </p>
  ) : null;
  const resend =
    sms.resendIn > 0 ? env.t('sms.resendIn', { seconds: sms.resendIn }) : env.t('sms.resend');

  return (
    <ScreenFrame titleKey="screen.h5-sms-code.title" introKey="screen.h5-sms-code.intro">
      <div className="sms-page">
        {sms.step === 'phone' ? (
          <form className="sms-page__form" onSubmit={onSend} noValidate>
            <label className="sms-page__label" htmlFor="sms-phone">
              {env.t('sms.phoneLabel')}
            </label>
            <input
              id="sms-phone"
              className="sms-page__input"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={40}
              placeholder={env.t('sms.phonePlaceholder')}
              value={sms.phone}
              onChange={(e) => sms.setPhone(e.target.value)}
            />
            {error}
            <button type="submit" className="button button--primary sms-page__submit" disabled={sms.busy || sms.resendIn > 0}>
              {sms.busy ? env.t('sms.sending') : sms.resendIn > 0 ? resend : env.t('sms.send')}
            </button>
          </form>
        ) : null}
        {sms.step === 'code' ? (
          <form className="sms-page__form" onSubmit={onVerify} noValidate>
            <p className="sms-page__sent">{env.t('sms.sentTo', { phone: sms.sentTo ?? '' })}</p>
            <label className="sms-page__label" htmlFor="sms-code">
              {env.t('sms.codeLabel')}
            </label>
            <input
              id="sms-code"
              className="sms-page__input sms-page__input--code"
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
              {sms.busy ? env.t('sms.verifying') : env.t('sms.verify')}
            </button>
            <p className="sms-page__actions">
              <button type="button" className="link-button" disabled={sms.busy || sms.resendIn > 0} onClick={() => void sms.send()}>
                {resend}
              </button>
              <button type="button" className="link-button" onClick={() => sms.changeNumber()}>
                {env.t('sms.changeNumber')}
              </button>
            </p>
          </form>
        ) : null}
        {sms.step === 'verified' ? (
          <p className="sms-page__done" role="status">
            {env.t('sms.verified', { phone: sms.sentTo ?? '' })}
          </p>
        ) : null}
      </div>
    </ScreenFrame>
  );
});
