/**
 * robots.txt: public pages are open; the API, the editor, personal, sign-in, account,
 * payment (checkout, return) and review pages and token-carrying URLs are not crawled. Those pages also say
 * `noindex` in their head, for links found elsewhere.
 */
export function robotsTxt(origin: string, withSitemap: boolean): string {
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /editor',
    'Disallow: /profile/',
    'Disallow: /sign/',
    'Disallow: /accounts/',
    'Disallow: /article/*/review',
    'Disallow: /payments/',
    'Disallow: /*__token=',
  ];
  if (withSitemap) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
