import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { documentTitle } from '../routing/documentTitle';
import { useStores } from '../stores/context';
import { SiteFrame } from './SiteFrame';

/** The root route: the page in the site's frame (global overlays, header, footer: SiteFrame.tsx). */
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
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
});
