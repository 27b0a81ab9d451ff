import { PAGE_NAMES, pageFacts } from '../../client/routing/pageModules';

/**
 * robots.txt: public pages are open; the API, token-carrying URLs and the pages declaring a
 * `disallow` pattern (client/routing/pageModules.ts: the editor, personal, sign-in, account,
 * payment and review pages; the sandbox checkout shares `/payments/`) are not crawled. Those pages
 * also say `noindex` in their head, for links found elsewhere.
 */
export function robotsTxt(origin: string, withSitemap: boolean): string {
  const pages = new Set(PAGE_NAMES.flatMap((name) => pageFacts(name).disallow ?? []));
  const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', ...[...pages].map((pattern) => `Disallow: ${pattern}`), 'Disallow: /*__token='];
  if (withSitemap) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
