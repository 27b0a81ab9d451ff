import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { documentTitle } from '../routing/documentTitle';
import { useStores } from '../stores/context';
import { BrowserNotice } from './BrowserNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { Overlays } from './Overlays';
import { ProgressLine } from './ProgressLine';
import { ShareAdapter } from '../platform/ShareAdapter';

/** The root route: the global overlays, the standard header, the page, the footer. */
export const Layout = observer(function Layout() {
  const stores = useStores();
  const matches = useMatches();
  const { pathname } = useLocation();
  const title = documentTitle(stores, matches);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <ProgressLine />
      <BrowserNotice />
      <Header />
      <Outlet />
      <Footer />
      <Overlays />
      <ShareAdapter />
    </>
  );
});
