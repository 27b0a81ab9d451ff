import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { navigationErrorInfo } from '../../shared/navigationError';
import { documentTitle } from '../routing/documentTitle';
import { useStores } from '../stores/context';
import { ErrorPage } from './ErrorPage';
import { ErrorPageBoundary } from './ErrorPageBoundary';
import { Footer } from './Footer';
import { Header } from './Header';
import { ProgressLine } from './ProgressLine';

/** The root route's error element: any unmatched path, failed check or thrown error lands here. */
export const RootErrorBoundary = observer(function RootErrorBoundary() {
  const stores = useStores();
  const { status, message } = navigationErrorInfo(useRouteError());
  const title = documentTitle(stores, [], status);

  useEffect(() => {
    document.title = title;
    document.documentElement.dataset.hydrated = 'true';
  }, [title]);

  return (
    <>
      <ProgressLine />
      <Header />
      <ErrorPageBoundary fallbackText={stores.env.t('error.fallback')}>
        <ErrorPage status={status} message={message} />
      </ErrorPageBoundary>
      <Footer />
    </>
  );
});
