import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ScreenFrame } from '../../components/ScreenFrame';
import { pageTranslator } from '../../i18n/pageTexts';
import { useStores } from '../../stores/context';
import { ReferralStore } from './ReferralStore';
import { REFERRAL_TEXTS } from './texts';
import { SmsPageField } from '../../components/SmsPageField';
import { FormError } from '../../components/FormError';

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
            <SmsPageField id="referral-link" label={t('yourLink')} readOnly value={link} onFocus={(e) => e.target.select()} />
            <button type="button" className="button button--primary" onClick={copy}>
              {copied ? t('copied') : t('copy')}
            </button>
            <p className="sms-page__sent">{t('referred', { count: referral.own.referred })}</p>
          </div>
        ) : null}
        {referral.busy ? <p className="sms-page__sent">{t('loading')}</p> : null}
        <FormError className="sms-page__error" message={referral.error ? t(referral.error.key, referral.error.params) : null} />
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
