import type { SitemapUrl } from './sitemap';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text for XML content and attributes. Characters XML 1.0 does not allow at all
 * (most C0 controls, lone surrogates, U+FFFE/U+FFFF) are dropped, so a feed parses.
 */
export function escapeXml(text: string): string {
  // Most text (every sitemap line) holds nothing to change: one test instead of two replacing passes.
  if (!NEEDS_ESCAPING.test(text)) return text;
  return stripInvalidXml(text).replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

const NEEDS_ESCAPING = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** A CDATA section holding any text: `]]>` inside is split across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${stripInvalidXml(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

function stripInvalidXml(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A sitemap `<urlset>` (sitemaps.org 0.9) with absolute locations. */
export function urlsetXml(origin: string, urls: readonly SitemapUrl[]): string {
  const items = urls.map(
    (url) => `<url><loc>${escapeXml(origin + url.path)}</loc>${url.lastmod ? `<lastmod>${new Date(url.lastmod).toISOString()}</lastmod>` : ''}</url>`,
  );
  return `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</urlset>\n`;
}

/** A sitemap index pointing at numbered sitemap files. */
export function sitemapIndexXml(origin: string, paths: readonly string[]): string {
  const items = paths.map((path) => `<sitemap><loc>${escapeXml(origin + path)}</loc></sitemap>`);
  return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}
