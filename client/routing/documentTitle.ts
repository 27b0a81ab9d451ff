import type { UIMatch } from 'react-router-dom';
import type { RootStore } from '../stores/RootStore';
import { errorTitleKey } from '../components/errorText';
import { isRouteHandle } from './pageRoute';

/** The document title: the error's, a loader's own, or the deepest route's, then the product name. */
export function documentTitle(stores: RootStore, matches: readonly Pick<UIMatch, 'handle'>[], errorStatus?: number): string {
  const { t, siteName } = stores.env;
  if (errorStatus !== undefined) return `${t(errorTitleKey(errorStatus))} - ${siteName}`;
  if (stores.ui.pageTitle) return `${stores.ui.pageTitle} - ${siteName}`;
  const handle = [...matches].reverse().find((m) => isRouteHandle(m.handle))?.handle;
  if (!isRouteHandle(handle) || handle.page === 'home') return `${siteName} - ${t('site.slogan')}`;
  return `${t(handle.titleKey)} - ${siteName}`;
}
