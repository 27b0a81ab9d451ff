import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ScreenFrame } from '../../components/ScreenFrame';
import { pageTranslator } from '../../i18n/pageTexts';
import { useStores } from '../../stores/context';
import { ReferralStore } from './ReferralStore';
import { REFERRAL_TEXTS } from './texts';

/**
 * `/accounts/referral/{code?}` (docs/decisions/027): with a friend's code, records who
 * invited the reader (or keeps it until sign-in); without, the reader's own link.
 */
export default observer(function ReferralPage() {
  const stores = useStores();
  const { env, account } = stores;
  const { code = '' } = useParams();
  const [referral] = useState(() => new ReferralStore(stores.api));
  const [copied, setCopied] = useState(false);
  const t = pageTranslator(REFERRAL_TEXTS, env.textLocale, env.siteName);
  const signedIn = account.signedIn;

  useEffect(() => {
    if (code) void referral.accept(code);
    else if (signedIn) void referral.loadOwn();
  }, [referral, code, signedIn]);

  const link = referral.own ? `${window.location.origin}/r/${referral.own.code}` : '';
  const copy = () => {
    void navigator.clipboard?.writeText(link).then(() => setCopied(true));
  };

  return (
    <ScreenFrame titleKey="screen.referral.title">
      <div className="sms-page referral-page">
        {referral.accepted ? (
          <>
            <p className="screen__intro">{t('invitedBy', { username: referral.accepted.username })}</p>
            <p className="sms-page__done" role="status">
              {t(referral.accepted.recorded ? 'recorded' : 'remembered', { username: referral.accepted.username })}
            </p>
          </>
        ) : null}
        {!code && referral.own ? (
          <div className="sms-page__form">
            <label className="sms-page__label" htmlFor="referral-link">
              {t('yourLink')}
            </label>
            <input id="referral-link" className="sms-page__input" readOnly value={link} onFocus={(e) => e.target.select()} />
            <button type="button" className="button button--primary" onClick={copy}>
              {copied ? t('copied') : t('copy')}
            </button>
            <p className="sms-page__sent">{t('referred', { count: referral.own.referred })}</p>
          </div>
        ) : null}
        {referral.busy ? <p className="sms-page__sent">{t('loading')}</p> : null}
        {referral.error ? (
          <p className="sms-page__error" role="alert">
            {t(referral.error.key, referral.error.params)}
          </p>
        ) : null}
        {!signedIn && (!code || referral.accepted) ? (
          <p className="sms-page__actions">
            {!code ? <span>{t('signInForLink')}</span> : null}
            <button type="button" className="button button--primary" onClick={() => stores.signIn.open()}>
              {t('signIn')}
            </button>
          </p>
        ) : null}
      </div>
    </ScreenFrame>
  );
});
