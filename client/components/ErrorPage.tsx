import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useStores } from '../stores/context';
import { errorKind } from './errorText';
import { NoEntryIcon } from './NoEntryIcon';

interface ErrorPageProps {
  status: number;
  /** The raw error, revealed by 'see details' on the generic screen. */
  message: string;
}

/** The error screen of seed 000 §2: message by status, home button, intro line, promo image. */
export const ErrorPage = observer(function ErrorPage({ status, message }: ErrorPageProps) {
  const { env } = useStores();
  const kind = errorKind(status);
  return (
    <main className={`error-page error-page--${kind}`}>
      <div className="error-page__text">
        <p className="error-page__status">{env.t('error.status', { status })}</p>
        {kind === 'forbidden' ? <NoEntryIcon /> : null}
        <h1 className="error-page__title">
          {kind === 'notFound' ? env.t('error.notFound.heading') : env.t(`error.${kind}.title`)}
        </h1>
        <p className="error-page__explanation">
          {kind === 'notFound' ? env.t('error.notFound.text') : env.t(`error.${kind}.text`)}
        </p>
        {kind === 'other' && message ? (
          <details className="error-page__details">
            <summary>
              <span className="error-page__details-show">{env.t('error.details.show')}</span>
              <span className="error-page__details-hide">{env.t('error.details.hide')}</span>
            </summary>
            <pre>{message}</pre>
          </details>
        ) : null}
        <Link to="/" className="button button--primary error-page__home">
          {env.siteName}
        </Link>
        <p className="error-page__intro">{env.t('site.intro')}</p>
      </div>
      <img
        className="error-page__promo"
        src={`/images/promo-${env.textLocale}.svg`}
        alt={env.t('error.promoAlt')}
        width={360}
        height={270}
      />
    </main>
  );
});
