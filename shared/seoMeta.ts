/**
 * What a page says about itself to search engines and link previews. Loaders set it
 * (through `UiStore.setPageMeta`) with paths, not URLs: the server makes them absolute
 * with the site's origin when it writes the head.
 */
export interface PageMeta {
  /** The pathname this meta was set for; any other page ignores it (loaders race, pages change). */
  path: string;
  /** The page's own title, without the site name. */
  title: string;
  description?: string;
  /** The one URL path this content should be known by; defaults to the request's path. */
  canonicalPath?: string;
  /** A cover or avatar (absolute URL or a path on this site). */
  image?: string;
  /** `og:type`. */
  type: PageType;
  noindex?: boolean;
  /** ISO 8601 times of articles. */
  published?: string;
  modified?: string;
  author?: PagePerson;
  /** The language the content is written in (an article's own), e.g. `zh-CN`. */
  language?: string;
  /** An RSS feed about this page (a column's), linked as `rel=alternate`. */
  feed?: { title: string; path: string };
  /** The schema.org description of the page (JSON-LD), built from the fields above. */
  structured?: StructuredData;
  /** Where the page sits under the home page, outermost first, the page itself last (a BreadcrumbList). */
  breadcrumbs?: readonly Crumb[];
}

/** One step of a page's breadcrumb trail. */
export interface Crumb {
  name: string;
  path: string;
}

export type PageType = 'website' | 'article' | 'profile' | 'book';

export interface PagePerson {
  name: string;
  /** Their column, `/@name/`. */
  path: string;
  image?: string;
  description?: string;
}

/**
 * The schema.org type of the page and what only it needs. A paywalled chapter names
 * the CSS class of the part a non-buyer does not get (Google's paywalled-content markup).
 */
export type StructuredData =
  | { type: 'Article'; paywall?: { cssSelector: string }; partOf?: { name: string; path: string } }
  | { type: 'ProfilePage' }
  | { type: 'WebSite' }
  | { type: 'WebPage' }
  | { type: 'Book'; price?: { amountCents: number; currency: string } };

/** Query parameters that make a page personal (a share code, a token): such URLs are never indexed. */
export const PERSONAL_QUERY_PARAMS = ['share', '__token'] as const;

/** `/a/b` and `/a/b/` are the same page; the site's links end with a slash. */
export function canonicalPathname(pathname: string): string {
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

/** Whether meta set for `metaPath` belongs to the page at `pathname`. */
export function samePage(metaPath: string, pathname: string): boolean {
  return comparable(metaPath) === comparable(pathname);
}

function comparable(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // A malformed escape: compare it as it is.
  }
  return canonicalPathname(decoded);
}

const OG_LOCALES: Record<string, string> = { en: 'en_US', 'zh-CN': 'zh_CN', 'zh-TW': 'zh_TW', ja: 'ja_JP', zh: 'zh_CN' };

/** `og:locale` (language_TERRITORY) of a language tag, or null for one we do not know. */
export function ogLocale(language: string | undefined): string | null {
  if (!language) return null;
  const known = OG_LOCALES[language];
  if (known) return known;
  const match = /^([a-z]{2,3})[-_]([A-Za-z]{2})$/.exec(language);
  return match?.[1] && match[2] ? `${match[1]}_${match[2].toUpperCase()}` : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Plain text from (sanitised) HTML, cut to about `max` characters at a word or
 * sentence boundary: the description of an article that has none of its own.
 */
export function plainTextExcerpt(html: string, max = 160): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+\d*|#39);/gi, (whole: string, name: string) => decodeEntity(whole, name))
    .replace(/\s+/g, ' ')
    .trim();
  return truncateText(text, max);
}

/** Cuts text to at most `max` characters, at a space when one is near the end, with an ellipsis. */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** One HTML character reference as text; an unknown one stays as written. */
export function decodeEntity(whole: string, name: string): string {
  const lower = name.toLowerCase();
  const named = ENTITIES[lower];
  if (named !== undefined) return named;
  if (lower.startsWith('#')) {
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
    if (Number.isInteger(code) && code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
  }
  return whole;
}

/** Where a column's RSS feed lives (an Express route before the page routes answers it). */
export function columnFeedPath(username: string): string {
  return `/@${encodeURIComponent(username)}/feed.xml`;
}

/** The canonical path of an article page. */
export function articlePath(slug: string): string {
  return `/article/${encodeURIComponent(slug)}/`;
}

/** The canonical path of a booklet's overview. */
export function bookletPath(slug: string): string {
  return `/booklet/${encodeURIComponent(slug)}/`;
}

/**
 * The class of the element that stands where a paid chapter's content would be (the
 * purchase prompt): JSON-LD names it as the part not accessible for free.
 */
export const PAYWALL_CLASS = 'paywall';
export const PAYWALL_SELECTOR = `.${PAYWALL_CLASS}`;

/** The path of a chapter (or directory) inside a booklet. */
export function chapterPath(bookletSlug: string, childSlug: string): string {
  return `${bookletPath(bookletSlug)}${encodeURIComponent(childSlug)}/`;
}
