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

const SIGNED_IN = ['signIn'] as const;

/** What the product knows of a page beyond its path (client/routes.tsx places it in the tree). */
export interface PageFacts {
  /** Its screen and loader, a lazily loaded chunk of its own. */
  module: () => Promise<PageModule>;
  /** Named guards (client/routing/guards.ts), run before the page's loader. A guarded page is never indexed. */
  guards?: readonly string[];
  /** false: never indexed by search engines though anyone may open it (sign-in, one-time links). */
  indexable?: boolean;
  /** Kept by the render cache for anonymous readers (server/render/cache). */
  cached?: boolean;
  /** Described to search engines as the site itself rather than one page of it. */
  website?: boolean;
}

/**
 * Every page, declared once: the route table, the server's head, the render cache and the
 * guards read their facts here. The name is the folder under `client/pages/`, which is how
 * the server finds a page's chunks in the manifest.
 */
export const PAGES = {
  home: { module: () => import('../pages/home/page'), cached: true, website: true },
  business: { module: () => import('../pages/business/page') },
  editor: { module: () => import('../pages/editor/page'), guards: SIGNED_IN },
  found: { module: () => import('../pages/found/page'), cached: true, website: true },
  member: { module: () => import('../pages/member/page') },
  'apps-download': { module: () => import('../pages/apps-download/page') },
  'h5-sms-code': { module: () => import('../pages/h5-sms-code/page'), indexable: false },
  'profile-notification': { module: () => import('../pages/profile-notification/page'), guards: SIGNED_IN },
  'profile-wallet': { module: () => import('../pages/profile-wallet/page'), guards: SIGNED_IN },
  'profile-orders': { module: () => import('../pages/profile-orders/page'), guards: SIGNED_IN },
  'reseller-digital-lizhi': { module: () => import('../pages/reseller-digital-lizhi/page') },
  'reseller-redeem': { module: () => import('../pages/reseller-redeem/page'), indexable: false },
  'sign-in': { module: () => import('../pages/sign-in/page'), indexable: false },
  'password-reset': { module: () => import('../pages/password-reset/page'), indexable: false },
  static: { module: () => import('../pages/static/page') },
  referral: { module: () => import('../pages/referral/page'), indexable: false },
  article: { module: () => import('../pages/article/page'), cached: true },
  'article-review': { module: () => import('../pages/article-review/page'), guards: SIGNED_IN },
  booklet: { module: () => import('../pages/booklet/page') },
  'booklet-overview': { module: () => import('../pages/booklet-overview/page'), cached: true },
  'booklet-chapter': { module: () => import('../pages/booklet-chapter/page') },
  'short-link': { module: () => import('../pages/short-link/page'), indexable: false },
  redeem: { module: () => import('../pages/redeem/page'), indexable: false },
  column: { module: () => import('../pages/column/page') },
  'column-home': { module: () => import('../pages/column-home/page'), cached: true },
  'column-articles': { module: () => import('../pages/column-articles/page'), cached: true },
  'column-collections': { module: () => import('../pages/column-collections/page'), cached: true },
} as const satisfies Record<string, PageFacts>;

export type PageName = keyof typeof PAGES;

/** A page's facts, typed as the declaration's shape (the table itself keeps each entry's literal type). */
export function pageFacts(name: PageName): PageFacts {
  return PAGES[name];
}

/** Whether search engines may index a page: not when it is guarded or declared unindexable. */
export function isIndexable(name: PageName): boolean {
  const facts = pageFacts(name);
  return facts.indexable !== false && (facts.guards ?? []).length === 0;
}

/** The source file of a page, as the build manifest names it. */
export function pageSourceFile(name: PageName): string {
  return `client/pages/${name}/page.tsx`;
}
