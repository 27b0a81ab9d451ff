import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import type { RedeemCodeView, RedeemResult } from '../../api/redeem';
import { MemberLink } from '../../components/MemberLink';
import { pageTranslator } from '../../i18n/pageTexts';
import { useStores } from '../../stores/context';
import { RedeemStore } from './RedeemStore';
import { REDEEM_TEXTS } from './texts';
import { SmsPageField } from '../../components/SmsPageField';
import { FormError } from '../../components/FormError';

type Translate = ReturnType<typeof pageTranslator<keyof (typeof REDEEM_TEXTS)['en']>>;

/** The redeem form of /redeem and /reseller/redeem: a code, what it gives, Redeem (or sign in first). */
export const RedeemForm = observer(function RedeemForm({ initialCode }: { initialCode: string }) {
  const stores = useStores();
  const { env, account } = stores;
  const [redeem] = useState(() => new RedeemStore(stores.api, initialCode, () => stores.account.refresh()));
  const t = pageTranslator(REDEEM_TEXTS, env.textLocale, env.siteName);
  const date = (iso: string) => new Intl.DateTimeFormat(env.textLocale, { dateStyle: 'long', timeZone: env.timeZone }).format(new Date(iso));

  useEffect(() => {
    void redeem.lookUp();
  }, [redeem, redeem.complete]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!account.signedIn) {
      stores.signIn.open();
      return;
    }
    void redeem.redeem();
  };

  if (redeem.result) return <Redeemed result={redeem.result} t={t} date={date} />;
  return (
    <div className="sms-page redeem-page">
      <form className="sms-page__form" onSubmit={onSubmit} noValidate>
        <SmsPageField
          id="redeem-code"
          label={t('label')}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          placeholder={t('placeholder')}
          value={redeem.code}
          onChange={(e) => redeem.setCode(e.target.value)}
        />
        {redeem.preview ? <Preview view={redeem.preview} t={t} date={date} /> : null}
        <FormError className="sms-page__error" message={redeem.error ? t(redeem.error.key, redeem.error.params) : null} />
        <button type="submit" className="button button--primary sms-page__submit" disabled={redeem.busy}>
          {redeem.busy ? t('redeeming') : account.signedIn ? t('redeem') : t('signInToRedeem')}
        </button>
      </form>
    </div>
  );
});

function grantText(view: RedeemCodeView, t: Translate): string {
  if (view.kind === 'booklet') return t('booklet', { name: view.booklet?.name ?? '' });
  const level = view.level ? t(`level.${view.level}`) : '';
  const period = view.months === 12 ? t('year') : view.months === 1 ? t('month') : t('months', { count: view.months ?? 0 });
  return `${level} · ${period}`;
}

function Preview({ view, t, date }: { view: RedeemCodeView; t: Translate; date: (iso: string) => string }) {
  return (
    <div className="sms-page__sent redeem-page__preview" data-status={view.status}>
      <p>
        {t('gives')} <strong>{grantText(view, t)}</strong>
      </p>
      {view.reseller ? <p>{t('soldBy', { reseller: view.reseller.username })}</p> : null}
      {view.status === 'valid' ? <p>{t('validUntil', { date: date(view.expires) })}</p> : null}
      {view.status === 'used' ? <p className="sms-page__error">{t('status.used')}</p> : null}
      {view.status === 'expired' ? <p className="sms-page__error">{t('status.expired')}</p> : null}
    </div>
  );
}

function Redeemed({ result, t, date }: { result: RedeemResult; t: Translate; date: (iso: string) => string }) {
  const booklet = result.booklet;
  return (
    <div className="sms-page sms-page__form redeem-page">
      <p className="sms-page__done" role="status">
        {result.kind === 'booklet'
          ? t('done.booklet', { name: booklet?.name ?? '' })
          : t('done.membership', {
              level: result.level ? t(`level.${result.level}`) : '',
              date: result.membership_expires ? date(result.membership_expires) : '',
            })}
      </p>
      <p className="sms-page__actions">
        {booklet ? (
          <a className="button button--primary" href={`/booklet/${encodeURIComponent(booklet.slug)}/`}>
            {t('readBooklet')}
          </a>
        ) : (
          <MemberLink className="button button--primary">{t('seeMembership')}</MemberLink>
        )}
      </p>
    </div>
  );
}
