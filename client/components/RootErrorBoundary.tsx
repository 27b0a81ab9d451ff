import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useMatches, useRouteError } from 'react-router-dom';
import { isArticleErrorReason } from '../../shared/articleErrors';
import { isAccountErrorReason } from '../../shared/accountErrors';
import { ACCOUNT_ERROR_TEXTS } from './accountErrors';
import { navigationErrorInfo } from '../../shared/navigationError';
import { documentTitle } from '../routing/documentTitle';
import { isRouteHandle } from '../routing/pageRoute';
import { ARTICLE_ERROR_TEXTS } from './articleErrors';
import { useStores } from '../stores/context';
import { ErrorPage } from './ErrorPage';
import { ErrorPageBoundary } from './ErrorPageBoundary';
import { SiteFrame } from './SiteFrame';

/** The root route's error element: any unmatched path, failed check or thrown error lands here. */
export const RootErrorBoundary = observer(function RootErrorBoundary() {
  const stores = useStores();
  const { status, message } = navigationErrorInfo(useRouteError());
  const onArticle = useMatches().some((m) => isRouteHandle(m.handle) && m.handle.page === 'article');
  const articleReason = isArticleErrorReason(message) ? message : onArticle && status === 403 ? 'unknown' : undefined;
  const accountReason = isAccountErrorReason(message) ? message : undefined;
  const reasonTitle = articleReason ? ARTICLE_ERROR_TEXTS[articleReason].title : accountReason ? ACCOUNT_ERROR_TEXTS[accountReason].title : null;
  const title = reasonTitle ? `${stores.env.t(reasonTitle)} - ${stores.env.siteName}` : documentTitle(stores, [], status);

  useEffect(() => {
    document.title = title;
    document.documentElement.dataset.hydrated = 'true';
  }, [title]);

  // The pages' frame and every global overlay: signing in from an error screen is a common path (a private article while signed out).
  return (
    <SiteFrame>
      <ErrorPageBoundary fallbackText={stores.env.t('error.fallback')}>
        <ErrorPage status={status} message={message} articleReason={articleReason} accountReason={accountReason} />
      </ErrorPageBoundary>
    </SiteFrame>
  );
});
