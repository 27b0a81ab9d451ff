import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useStores } from '../stores/context';
import type { ArticleErrorReason } from '../../shared/articleErrors';
import { ARTICLE_ERROR_TEXTS } from './articleErrors';
import type { AccountErrorReason } from '../../shared/accountErrors';
import { ACCOUNT_ERROR_TEXTS } from './accountErrors';
import { errorKind } from './errorText';
import { MemberLink } from './MemberLink';
import { NoEntryIcon } from './NoEntryIcon';

interface ErrorPageProps {
  status: number;
  /** The raw error, revealed by 'see details' on the generic screen. */
  message: string;
  /** Set when an article could not be read: its own screen (docs/specification/shell.md §2). */
  articleReason?: ArticleErrorReason | 'unknown';
  /** Set when an author's account blocks their column: the banned, suspended or expired screen. */
  accountReason?: AccountErrorReason;
}

/** The error screen of docs/specification/shell.md §2: message by status, home button, intro line, promo image. */
export const ErrorPage = observer(function ErrorPage({ status, message, articleReason, accountReason }: ErrorPageProps) {
  const { env } = useStores();
  const kind = errorKind(status);
  const reason = articleReason ? ARTICLE_ERROR_TEXTS[articleReason] : accountReason ? ACCOUNT_ERROR_TEXTS[accountReason] : null;
  // An article's or an account's own screen, or the screen of the status.
  const noEntry = reason ? articleReason === 'Article Banned' || accountReason === 'Account Banned' : kind === 'forbidden';
  const title = reason ? env.t(reason.title) : kind === 'notFound' ? env.t('error.notFound.heading') : env.t(`error.${kind}.title`);
  const text = reason ? env.t(reason.text) : kind === 'notFound' ? env.t('error.notFound.text') : env.t(`error.${kind}.text`);
  return (
    <main className={`error-page error-page--${reason ? 'article' : kind}`}>
      <div className="error-page__text">
        <p className="error-page__status">{env.t('error.status', { status })}</p>
        {noEntry ? <NoEntryIcon /> : null}
        <h1 className="error-page__title">{title}</h1>
        <p className="error-page__explanation">{text}</p>
        {reason?.upgrade ? (
          <p>
            <MemberLink className="button button--primary">{env.t(reason.upgrade)}</MemberLink>
          </p>
        ) : null}
        {!reason && kind === 'other' && message ? (
          <details className="error-page__details">
            <summary>
              <span className="error-page__details-show">{env.t('error.details.show')}</span>
              <span className="error-page__details-hide">{env.t('error.details.hide')}</span>
            </summary>
            <pre>{message}</pre>
          </details>
        ) : null}
        <Link to="/" className={reason ? 'button error-page__home' : 'button button--primary error-page__home'}>
          {env.siteName}
        </Link>
        <p className="error-page__intro">{env.t('site.intro')}</p>
      </div>
      <PromoImage />
    </main>
  );
});

/** The promotional image, one per language. */
const PromoImage = observer(function PromoImage() {
  const { env } = useStores();
  return <img className="error-page__promo" src={`/images/promo-${env.textLocale}.svg`} alt={env.t('error.promoAlt')} width={360} height={270} />;
});
