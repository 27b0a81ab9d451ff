import { PAGE_NAMES, pageFacts, pagePattern, type PageName } from '../../client/routing/pageModules';

/**
 * robots.txt: public pages are open; the API, token-carrying URLs and the pages declaring a
 * `disallow` (client/routing/pageModules.ts: the editor, personal, sign-in, account,
 * payment and review pages; the sandbox checkout shares `/payments/`) are not crawled. Those pages
 * also say `noindex` in their head, for links found elsewhere.
 */
export function robotsTxt(origin: string, withSitemap: boolean): string {
  const pages = new Set(PAGE_NAMES.flatMap((name) => disallowPattern(name) ?? []));
  const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', ...[...pages].map((pattern) => `Disallow: ${pattern}`), 'Disallow: /*__token='];
  if (withSitemap) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}

/**
 * The robots.txt pattern (a prefix, `*` any run of characters) of a page declaring `disallow`:
 * its path with each param as `*` (a trailing one left off, the prefix covers it), or its folder.
 */
export function disallowPattern(name: PageName): string | null {
  const pattern = pagePattern(name);
  switch (pageFacts(name).disallow) {
    case 'path':
      return pattern.replace(/:\w+\??/g, '*').replace(/(?:\/\*)+$/, '');
    case 'folder':
      return `/${pattern.split('/')[1] ?? ''}/`;
    default:
      return null;
  }
}
