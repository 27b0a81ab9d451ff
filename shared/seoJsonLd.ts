import type { PageMeta, PagePerson } from './seoMeta';
import { truncateText } from './seoMeta';

/** The site a page belongs to: its public origin (no trailing slash), name and logo path. */
export interface SiteInfo {
  origin: string;
  name: string;
  /** A path or URL of the publisher's logo. */
  logo?: string;
  /** The interface language of the page (`en`, `zh-CN`, `zh-TW`). */
  language: string;
}

export type JsonLd = Record<string, unknown>;

/** Google shows at most 110 characters of an Article headline. */
const HEADLINE_MAX = 110;

/**
 * The schema.org JSON-LD of a page, with absolute URLs, or null when the page has none.
 * `url` is the page's own absolute URL (its canonical one).
 */
export function buildJsonLd(meta: PageMeta, site: SiteInfo, url: string): JsonLd | null {
  const structured = meta.structured;
  if (!structured) return null;
  const image = meta.image ? absoluteUrl(site.origin, meta.image) : null;
  const base = { '@context': 'https://schema.org' };
  switch (structured.type) {
    case 'Article':
      return {
        ...base,
        '@type': 'Article',
        headline: truncateText(meta.title, HEADLINE_MAX),
        ...(meta.description ? { description: meta.description } : {}),
        ...(image ? { image: [image] } : {}),
        ...(meta.published ? { datePublished: meta.published } : {}),
        ...(meta.modified ? { dateModified: meta.modified } : {}),
        ...(meta.author ? { author: person(meta.author, site.origin) } : {}),
        publisher: publisher(site),
        inLanguage: meta.language ?? site.language,
        url,
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        ...(structured.partOf ? { isPartOf: { '@type': 'Book', name: structured.partOf.name, url: `${site.origin}${structured.partOf.path}` } } : {}),
        ...(structured.paywall
          ? {
              isAccessibleForFree: false,
              hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: structured.paywall.cssSelector },
            }
          : {}),
      };
    case 'Book':
      return {
        ...base,
        '@type': 'Book',
        name: meta.title,
        ...(meta.description ? { description: meta.description } : {}),
        ...(image ? { image } : {}),
        ...(structured.price
          ? {
              offers: {
                '@type': 'Offer',
                price: (structured.price.amountCents / 100).toFixed(2),
                priceCurrency: structured.price.currency,
                availability: 'https://schema.org/InStock',
                url,
              },
            }
          : {}),
        ...(meta.author ? { author: person(meta.author, site.origin) } : {}),
        ...(meta.modified ? { dateModified: meta.modified } : {}),
        inLanguage: meta.language ?? site.language,
        publisher: publisher(site),
        url,
      };
    case 'ProfilePage':
      return {
        ...base,
        '@type': 'ProfilePage',
        url,
        ...(meta.modified ? { dateModified: meta.modified } : {}),
        mainEntity: meta.author ? person(meta.author, site.origin) : { '@type': 'Person', name: meta.title },
      };
    case 'WebSite':
      return {
        ...base,
        '@type': 'WebSite',
        name: site.name,
        url: `${site.origin}/`,
        inLanguage: site.language,
        ...(meta.description ? { description: meta.description } : {}),
      };
    case 'WebPage':
      return {
        ...base,
        '@type': 'WebPage',
        name: meta.title,
        url,
        inLanguage: site.language,
        ...(meta.description ? { description: meta.description } : {}),
        isPartOf: { '@type': 'WebSite', name: site.name, url: `${site.origin}/` },
      };
  }
}

/** The page's place under the home page as a schema.org BreadcrumbList, or null when it has none. */
export function buildBreadcrumbJsonLd(meta: Pick<PageMeta, 'breadcrumbs'>, site: Pick<SiteInfo, 'origin' | 'name'>): JsonLd | null {
  if (!meta.breadcrumbs?.length) return null;
  const trail = [{ name: site.name, path: '/' }, ...meta.breadcrumbs];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: `${site.origin}${crumb.path}` })),
  };
}

/**
 * An absolute http(s) URL for a path on the site or a URL elsewhere; null for anything
 * else (data:, javascript:, relative paths), which never belongs in meta.
 */
export function absoluteUrl(origin: string, pathOrUrl: string): string | null {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith('//')) return `${origin.startsWith('http://') ? 'http:' : 'https:'}${pathOrUrl}`;
  if (pathOrUrl.startsWith('/')) return `${origin}${pathOrUrl}`;
  return null;
}

function person(who: PagePerson, origin: string): JsonLd {
  const image = who.image ? absoluteUrl(origin, who.image) : null;
  return {
    '@type': 'Person',
    name: who.name,
    url: `${origin}${who.path}`,
    ...(image ? { image } : {}),
    ...(who.description ? { description: who.description } : {}),
  };
}

function publisher(site: SiteInfo): JsonLd {
  const logo = site.logo ? absoluteUrl(site.origin, site.logo) : null;
  return {
    '@type': 'Organization',
    name: site.name,
    url: `${site.origin}/`,
    ...(logo ? { logo: { '@type': 'ImageObject', url: logo } } : {}),
  };
}
