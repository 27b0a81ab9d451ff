import type { UIMatch } from 'react-router-dom';
import type { RootStore } from '../stores/RootStore';
import { errorTitleKey } from '../components/errorText';
import { isRouteHandle } from './pageRoute';

/** The route matches a title needs: their handles, and the path of the deepest (whose meta applies). */
export type TitleMatch = Pick<UIMatch, 'handle'> & Partial<Pick<UIMatch, 'pathname'>>;

/** The document title: the error's, a loader's own (page meta), or the deepest route's, then the product name. */
export function documentTitle(stores: RootStore, matches: readonly TitleMatch[], errorStatus?: number): string {
  const { t, siteName } = stores.env;
  if (errorStatus !== undefined) return `${t(errorTitleKey(errorStatus))} - ${siteName}`;
  const title = pageTitle(stores, matches);
  return title === null ? `${siteName} - ${t('site.slogan')}` : `${title} - ${siteName}`;
}

/** The page's own title (a loader's page meta, or the deepest route's), or null for the home page and unnamed routes. */
export function pageTitle(stores: RootStore, matches: readonly TitleMatch[]): string | null {
  const pathname = matches.at(-1)?.pathname;
  const meta = pathname === undefined ? null : stores.ui.metaFor(pathname);
  if (meta) return meta.title;
  const handle = [...matches].reverse().find((m) => isRouteHandle(m.handle))?.handle;
  if (!isRouteHandle(handle) || handle.page === 'home') return null;
  return stores.env.t(handle.titleKey);
}
