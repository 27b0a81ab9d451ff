import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import type { RootStore } from '../stores/RootStore';

export interface PageLoaderArgs {
  stores: RootStore;
  params: Params;
  request: Request;
}

/** What a page module exports: its screen and, optionally, a loader that fills the stores. */
export interface PageModule {
  default: ComponentType;
  loader?: (args: PageLoaderArgs) => Promise<void> | void;
}

/**
 * Every screen, each its own lazily loaded chunk. The name is the folder under
 * `client/pages/`, which is how the server finds a page's chunks in the manifest.
 */
export const PAGE_MODULES = {
  home: () => import('../pages/home/page'),
  business: () => import('../pages/business/page'),
  editor: () => import('../pages/editor/page'),
  found: () => import('../pages/found/page'),
  member: () => import('../pages/member/page'),
  'apps-download': () => import('../pages/apps-download/page'),
  'h5-sms-code': () => import('../pages/h5-sms-code/page'),
  'profile-notification': () => import('../pages/profile-notification/page'),
  'profile-wallet': () => import('../pages/profile-wallet/page'),
  'profile-orders': () => import('../pages/profile-orders/page'),
  'reseller-digital-lizhi': () => import('../pages/reseller-digital-lizhi/page'),
  'reseller-redeem': () => import('../pages/reseller-redeem/page'),
  'sign-in': () => import('../pages/sign-in/page'),
  'password-reset': () => import('../pages/password-reset/page'),
  static: () => import('../pages/static/page'),
  referral: () => import('../pages/referral/page'),
  article: () => import('../pages/article/page'),
  'article-review': () => import('../pages/article-review/page'),
  booklet: () => import('../pages/booklet/page'),
  'booklet-overview': () => import('../pages/booklet-overview/page'),
  'booklet-chapter': () => import('../pages/booklet-chapter/page'),
  'short-link': () => import('../pages/short-link/page'),
  redeem: () => import('../pages/redeem/page'),
  column: () => import('../pages/column/page'),
  'column-home': () => import('../pages/column-home/page'),
  'column-articles': () => import('../pages/column-articles/page'),
  'column-collections': () => import('../pages/column-collections/page'),
} as const satisfies Record<string, () => Promise<PageModule>>;

export type PageName = keyof typeof PAGE_MODULES;

/** The source file of a page, as the build manifest names it. */
export function pageSourceFile(name: PageName): string {
  return `client/pages/${name}/page.tsx`;
}
