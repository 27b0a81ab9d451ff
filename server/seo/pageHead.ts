import { buildBreadcrumbJsonLd, buildJsonLd, absoluteUrl, type JsonLd } from '../../shared/seoJsonLd';
import { canonicalPathname, ogLocale, PERSONAL_QUERY_PARAMS, type PageMeta, type PageType } from '../../shared/seoMeta';
import { sitePath } from '../../shared/sitePath';
import en from '../../client/i18n/en';
import type { MessageKey } from '../../client/i18n/en';
import { documentTitle, type TitleMatch } from '../../client/routing/documentTitle';
import { isIndexable, pageFacts, type PageName } from '../../client/routing/pageModules';
import { isRouteHandle } from '../../client/routing/pageRoute';
import type { RootStore } from '../../client/stores/RootStore';

/** Everything the document head says about a page, resolved and absolute; `headTags` writes it. */
export interface HeadMeta {
  /** The document title, with the site name. */
  title: string;
  /** The page's own title, for previews (`og:title`). */
  shareTitle: string;
  description: string;
  /** Absolute; absent on pages that are not indexed. */
  canonical: string | null;
  /** The absolute URL shared (`og:url`): the canonical one, or the path without its query. */
  url: string;
  noindex: boolean;
  type: PageType;
  image: string | null;
  siteName: string;
  locale: string | null;
  published: string | null;
  modified: string | null;
  /** The author's column, absolute. */
  authorUrl: string | null;
  feeds: { title: string; href: string }[];
  jsonLd: JsonLd | null;
  /** The page's BreadcrumbList, a second JSON-LD block. */
  breadcrumbs: JsonLd | null;
}

export interface PageHeadInput {
  stores: RootStore;
  matches: readonly TitleMatch[];
  /** The request's URL (its path and query decide the page's meta and whether it is personal). */
  url: URL;
  /** The site's public origin, no trailing slash. */
  origin: string;
  /** Set when the page is an error screen. */
  errorStatus?: number;
}

/** Resolves a page's head from its loader's meta, the route's page and the defaults. */
export function pageHead({ stores, matches, url, origin, errorStatus }: PageHeadInput): HeadMeta {
  const { env } = stores;
  const title = documentTitle(stores, matches, errorStatus);
  const handle = [...matches]
    .reverse()
    .map((m) => m.handle)
    .find(isRouteHandle);
  const meta: PageMeta | null = errorStatus === undefined ? stores.ui.metaFor(url.pathname) : null;
  const personal = PERSONAL_QUERY_PARAMS.some((name) => url.searchParams.has(name));
  const noindex = errorStatus !== undefined || personal || meta?.noindex === true || (handle !== undefined && !isIndexable(handle.page));
  // The request's own path normalised (shared/sitePath.ts): `//host/x` is a path of this site.
  const path = meta?.canonicalPath ?? canonicalPathname(sitePath(url.pathname));
  const pageUrl = `${origin}${path}`;
  // An error screen is no page of the route it was met on: the site's own words describe it.
  const description = meta?.description ?? (errorStatus === undefined ? defaultDescription(stores, handle?.page) : env.t('site.intro'));
  const structured: PageMeta['structured'] = meta?.structured ?? (handle && pageFacts(handle.page).website ? { type: 'WebSite' } : { type: 'WebPage' });
  const resolved: PageMeta = { path, title: meta?.title ?? title, description, type: 'website', ...meta, structured };
  const site = { origin, name: env.siteName, logo: '/favicon.svg', language: env.htmlLang };
  return {
    title,
    shareTitle: meta?.title ?? title,
    description,
    canonical: noindex ? null : pageUrl,
    url: pageUrl,
    noindex,
    type: meta?.type ?? 'website',
    image: meta?.image ? absoluteUrl(origin, meta.image) : null,
    siteName: env.siteName,
    locale: ogLocale(meta?.language ?? env.htmlLang),
    published: meta?.published ?? null,
    modified: meta?.modified ?? null,
    authorUrl: meta?.author ? `${origin}${meta.author.path}` : null,
    feeds: meta?.feed ? [{ title: meta.feed.title, href: `${origin}${meta.feed.path}` }] : [],
    jsonLd: noindex ? null : buildJsonLd(resolved, site, pageUrl),
    breadcrumbs: noindex ? null : buildBreadcrumbJsonLd(resolved, site),
  };
}

/** The screen's own introduction when it has one, else the site's. */
function defaultDescription(stores: RootStore, page: PageName | undefined): string {
  const key = `screen.${page ?? 'home'}.intro`;
  return isMessageKey(key) ? stores.env.t(key) : stores.env.t('site.intro');
}

function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}
