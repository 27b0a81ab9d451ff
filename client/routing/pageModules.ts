import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import { columnUsername } from '../../shared/column';
import type { MessageKey } from '../i18n/en';
import type { RootStore } from '../stores/RootStore';

/**
 * What a loader reads of the page request: its address, and a signal that aborts when the
 * navigation is superseded or the reader leaves (a Fetch `Request` is one).
 */
export type PageRequest = Pick<Request, 'url' | 'signal'>;

export interface PageLoaderArgs {
  stores: RootStore;
  params: Params;
  request: PageRequest;
}

/** What a page module exports: its screen and, optionally, a loader that fills the stores. */
export interface PageModule {
  default: ComponentType;
  loader?: (args: PageLoaderArgs) => Promise<void> | void;
}

/** One more path showing the same page module under its own route id and title (the static pages). */
export interface PageVariant {
  /** Path under the page's own path. */
  path: string;
  /** Route id; the title is the catalogue's `screen.{id}.title`. */
  id: ScreenId;
}

/** What a cached page shows: the home feed, an article, a column's tab, a booklet's overview. */
export type CachedContent = 'feed' | 'article' | 'column' | 'booklet';

/** The ids that have a screen title in the catalogues. */
export type ScreenId<Key = MessageKey> = Key extends `screen.${infer Id}.title` ? Id : never;

/** Everything the product knows of a page: client/routes.tsx builds the route table from it. */
export interface PageFacts {
  /** Its screen and loader, a lazily loaded chunk of its own. */
  module: () => Promise<PageModule>;
  /**
   * Its path, relative to its parent page's (or to the site root); '' makes it the parent's index.
   * Paths match with and without a trailing slash.
   */
  path: string;
  /** The name of the page it renders inside (its `<Outlet />`), declared before it. */
  parent?: string;
  /** The params' validity check: false renders the 404 screen. */
  validate?: (params: Params) => boolean;
  /** Paths under `path` showing the same module, each its own route (and none at `path` itself then). */
  variants?: readonly PageVariant[];
  /** Named guards (client/routing/guards.ts), run before the page's loader. A guarded page is never indexed. */
  guards?: readonly string[];
  /** false: never indexed by search engines though anyone may open it (sign-in, one-time links). */
  indexable?: boolean;
  /**
   * Keeps crawlers out of it in robots.txt (server/seo/robots.ts): 'path' its own path and what is
   * under it, 'folder' everything under its path's first segment. Only for pages never indexed.
   */
  disallow?: 'path' | 'folder';
  /**
   * Kept by the render cache for anonymous readers, named by what it shows: the cache drops it when
   * that changes (server/render/cache/dependencies.ts says what each kind depends on).
   */
  cache?: CachedContent;
  /**
   * A cached page a signed-in reader gets too, with their own header (server/render/sharedPages.tsx),
   * when their store snapshot is the anonymous one's but for the account: the page reads `account` only
   * in the header's `AccountNav` (an article page also to hide its author's own follow button; the
   * author gets a full render).
   */
  sharedWithSignedIn?: boolean;
  /** Described to search engines as the site itself rather than one page of it. */
  website?: boolean;
  /** Where readers land from search and shares: its code is in the one `reader` chunk (docs/decisions/032). */
  reader?: boolean;
}

const SIGNED_IN = ['signIn'] as const;

/** The six static pages of docs/specification/shell.md §2 and the guide, all one module. */
const STATIC_PAGES: readonly PageVariant[] = [
  { path: 'column/agreement', id: 'static-column-agreement' },
  { path: 'privacy/cn', id: 'static-privacy-cn' },
  { path: 'privacy/policy', id: 'static-privacy-policy' },
  { path: 'service/member', id: 'static-service-member' },
  { path: 'service/terms', id: 'static-service-terms' },
  { path: 'withdraw/rules', id: 'static-withdraw-rules' },
  { path: 'guide', id: 'static-guide' },
];

const hasSlug = (params: Params) => !!params.slug;

/**
 * Every page of docs/specification/shell.md §2, declared once: the route table, the server's
 * head, the sitemap, robots.txt, the render cache, the guards, the build's reader chunk and the
 * HTTP tests' page tables read their facts here. The name is the folder under `client/pages/`, which is how the server finds a
 * page's chunks in the manifest. Children follow their parent.
 */
export const PAGES = {
  home: { path: '', module: () => import('../pages/home/page'), cache: 'feed', sharedWithSignedIn: true, website: true, reader: true },
  business: { path: 'business', module: () => import('../pages/business/page') },
  editor: { path: 'editor', module: () => import('../pages/editor/page'), guards: SIGNED_IN, disallow: 'path' },
  'editor-stats': {
    path: 'editor/stats/:article?',
    validate: (params: Params) => params.article === undefined || /^[1-9]\d{0,14}$/.test(params.article),
    module: () => import('../pages/editor-stats/page'),
    guards: SIGNED_IN,
  },
  found: { path: 'found', module: () => import('../pages/found/page'), cache: 'feed', sharedWithSignedIn: true, website: true, reader: true },
  member: { path: 'member', module: () => import('../pages/member/page') },
  'apps-download': { path: 'apps/download', module: () => import('../pages/apps-download/page') },
  'h5-sms-code': { path: 'h5/sms_code', module: () => import('../pages/h5-sms-code/page'), indexable: false },
  'profile-notification': {
    path: 'profile/notification',
    module: () => import('../pages/profile-notification/page'),
    guards: SIGNED_IN,
    disallow: 'folder',
  },
  'profile-wallet': { path: 'profile/wallet', module: () => import('../pages/profile-wallet/page'), guards: SIGNED_IN, disallow: 'folder' },
  'profile-orders': { path: 'profile/orders', module: () => import('../pages/profile-orders/page'), guards: SIGNED_IN, disallow: 'folder' },
  'reseller-digital-lizhi': { path: 'reseller/digital_lizhi', module: () => import('../pages/reseller-digital-lizhi/page') },
  'reseller-redeem': { path: 'reseller/redeem', module: () => import('../pages/reseller-redeem/page'), indexable: false },
  search: { path: 'search', module: () => import('../pages/search/page'), indexable: false },
  'sign-in': { path: 'sign/in', module: () => import('../pages/sign-in/page'), indexable: false, disallow: 'folder' },
  static: { path: 'page', module: () => import('../pages/static/page'), variants: STATIC_PAGES },
  referral: { path: 'accounts/referral/:code?', module: () => import('../pages/referral/page'), indexable: false, disallow: 'folder' },
  'password-reset': { path: 'accounts/reset/:token', module: () => import('../pages/password-reset/page'), indexable: false, disallow: 'folder' },
  'article-review': { path: 'article/:slug/review', module: () => import('../pages/article-review/page'), guards: SIGNED_IN, disallow: 'path' },
  'payment-return': { path: 'payments/return/:ref', module: () => import('../pages/payment-return/page'), guards: SIGNED_IN, disallow: 'folder' },
  article: {
    path: 'article/:slug?',
    validate: hasSlug,
    module: () => import('../pages/article/page'),
    cache: 'article',
    sharedWithSignedIn: true,
    reader: true,
  },
  booklet: { path: 'booklet/:slug?', validate: hasSlug, module: () => import('../pages/booklet/page'), reader: true },
  'booklet-overview': { path: '', parent: 'booklet', module: () => import('../pages/booklet-overview/page'), cache: 'booklet', reader: true },
  'booklet-chapter': { path: ':childSlug', parent: 'booklet', module: () => import('../pages/booklet-chapter/page'), reader: true },
  'short-link': { path: 'r/:slug?', module: () => import('../pages/short-link/page'), indexable: false },
  redeem: { path: 'redeem/:code?', module: () => import('../pages/redeem/page'), indexable: false },
  column: {
    path: ':column',
    validate: (params: Params) => columnUsername(params.column) !== null,
    module: () => import('../pages/column/page'),
    reader: true,
  },
  'column-home': { path: '', parent: 'column', module: () => import('../pages/column-home/page'), cache: 'column', reader: true },
  'column-articles': { path: 'articles', parent: 'column', module: () => import('../pages/column-articles/page'), cache: 'column', reader: true },
  'column-collections': { path: 'collections', parent: 'column', module: () => import('../pages/column-collections/page'), cache: 'column', reader: true },
} as const satisfies Record<string, PageFacts>;

export type PageName = keyof typeof PAGES;

export const PAGE_NAMES = Object.keys(PAGES) as PageName[];

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

export function isPageName(name: string): name is PageName {
  return Object.hasOwn(PAGES, name);
}

/** A page and the pages it renders inside, outermost first. */
export function pageChain(name: PageName): PageName[] {
  const parent = pageFacts(name).parent;
  return parent !== undefined && isPageName(parent) ? [...pageChain(parent), name] : [name];
}

/** A page's full path pattern from the site root, its parents' paths included: `/article/:slug/review`. */
export function pagePattern(name: PageName): string {
  return `/${pageChain(name)
    .map((page) => pageFacts(page).path)
    .filter(Boolean)
    .join('/')}`;
}

/**
 * The site paths of the indexable pages that take no params, with a trailing slash, for the
 * sitemap: a parent's index page stands for its parent's path.
 */
export function fixedIndexablePaths(): string[] {
  const paths: string[] = [];
  for (const name of PAGE_NAMES) {
    const facts = pageFacts(name);
    if (!isIndexable(name) || PAGE_NAMES.some((other) => pageFacts(other).parent === name)) continue;
    const chain = pageChain(name).map((page) => pageFacts(page).path);
    const base = chain.filter(Boolean).join('/');
    for (const full of facts.variants ? facts.variants.map((variant) => `${base}/${variant.path}`) : [base]) {
      if (!full.includes(':')) paths.push(full ? `/${full}/` : '/');
    }
  }
  return paths;
}
