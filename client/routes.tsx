import type { RouteObject } from 'react-router-dom';
import { columnUsername } from '../shared/column';
import { Layout } from './components/Layout';
import { RootErrorBoundary } from './components/RootErrorBoundary';
import { pageRoute, withBackendStatus } from './routing/pageRoute';
import type { RootStore } from './stores/RootStore';

export interface RouteTableOptions {
  /** Extra routes under the root, for tests driving createApp (never set in production). */
  extraRoutes?: (getStores: () => RootStore) => RouteObject[];
}

/** The six static pages of docs/specification/shell.md §2: path under /page/ and the key of their title. */
export const STATIC_PAGES = [
  { path: 'column/agreement', id: 'static-column-agreement' },
  { path: 'privacy/cn', id: 'static-privacy-cn' },
  { path: 'privacy/policy', id: 'static-privacy-policy' },
  { path: 'service/member', id: 'static-service-member' },
  { path: 'service/terms', id: 'static-service-terms' },
  { path: 'withdraw/rules', id: 'static-withdraw-rules' },
] as const;

/** The whole route table of docs/specification/shell.md §2; every page is lazy. Paths match with and without a trailing slash. */
export function createRoutes(getStores: () => RootStore, options: RouteTableOptions = {}): RouteObject[] {
  const page = (name: Parameters<typeof pageRoute>[1], opts?: Parameters<typeof pageRoute>[2]) => pageRoute(getStores, name, opts);
  return [
    {
      id: 'root',
      path: '/',
      Component: Layout,
      ErrorBoundary: RootErrorBoundary,
      // Who is reading, for the header and the guards; sign-in and sign-out update it directly.
      loader: async () => {
        await withBackendStatus(getStores().account.ensureLoaded());
        return null;
      },
      shouldRevalidate: () => false,
      children: [
        { index: true, ...page('home') },
        { path: 'business', ...page('business') },
        { path: 'editor', ...page('editor') },
        { path: 'found', ...page('found') },
        { path: 'member', ...page('member') },
        { path: 'apps/download', ...page('apps-download') },
        { path: 'h5/sms_code', ...page('h5-sms-code') },
        { path: 'profile/notification', ...page('profile-notification') },
        { path: 'profile/wallet', ...page('profile-wallet') },
        { path: 'profile/orders', ...page('profile-orders') },
        { path: 'reseller/digital_lizhi', ...page('reseller-digital-lizhi') },
        { path: 'reseller/redeem', ...page('reseller-redeem') },
        { path: 'sign/in', ...page('sign-in') },
        ...STATIC_PAGES.map(({ path, id }) => ({
          path: `page/${path}`,
          ...page('static', { id, titleKey: `screen.${id}.title` }),
        })),
        { path: 'page/guide', ...page('static', { id: 'static-guide', titleKey: 'screen.static-guide.title' }) },
        { path: 'accounts/referral/:code?', ...page('referral') },
        { path: 'accounts/reset/:token', ...page('password-reset') },
        { path: 'article/:slug/review', ...page('article-review') },
        { path: 'article/:slug?', ...page('article', { validate: (p) => !!p.slug }) },
        {
          path: 'booklet/:slug?',
          ...page('booklet', { validate: (p) => !!p.slug }),
          children: [
            { index: true, ...page('booklet-overview') },
            { path: ':childSlug', ...page('booklet-chapter') },
          ],
        },
        { path: 'r/:slug?', ...page('short-link') },
        { path: 'redeem/:code?', ...page('redeem') },
        {
          path: ':column',
          ...page('column', { validate: (p) => columnUsername(p.column) !== null }),
          children: [
            { index: true, ...page('column-home') },
            { path: 'articles', ...page('column-articles') },
            { path: 'collections', ...page('column-collections') },
          ],
        },
        ...(options.extraRoutes?.(getStores) ?? []),
      ],
    },
  ];
}
