import { columnPath } from '../../shared/column';
import { articlePath, columnFeedPath } from '../../shared/seoMeta';
import type { ColumnFeed } from './feed';
import { cdata, escapeXml } from './xml';

/** RSS 2.0 of a column, with the full content in `content:encoded` and absolute links throughout. */
export function rssXml(feed: ColumnFeed, site: { origin: string; name: string }): string {
  const link = site.origin + columnPath(feed.username);
  const lastBuild = Math.max(0, ...feed.items.map((item) => item.modified));
  const items = feed.items.map((item) => {
    const url = site.origin + articlePath(item.slug);
    return (
      `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(url)}</link>` +
      `<guid isPermaLink="true">${escapeXml(url)}</guid><pubDate>${new Date(item.published).toUTCString()}</pubDate>` +
      `<dc:creator>${escapeXml(feed.username)}</dc:creator>` +
      (item.description ? `<description>${escapeXml(item.description)}</description>` : '') +
      (item.content === null ? '' : `<content:encoded>${cdata(absoluteLinks(item.content, site.origin))}</content:encoded>`) +
      `</item>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">\n` +
    `<channel><title>${escapeXml(`${feed.username} - ${site.name}`)}</title><link>${escapeXml(link)}</link>` +
    `<description>${escapeXml(feed.description.trim() || `${site.name} @${feed.username}`)}</description>` +
    `<atom:link href="${escapeXml(site.origin + columnFeedPath(feed.username))}" rel="self" type="application/rss+xml"/>` +
    // RSS names a language as RFC 1766 does, in lower case: `zh-cn`.
    (feed.language ? `<language>${escapeXml(feed.language.toLowerCase())}</language>` : '') +
    `<generator>${escapeXml(site.name)}</generator>` +
    (lastBuild ? `<lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>` : '') +
    `\n${items.join('\n')}\n</channel>\n</rss>\n`
  );
}

/** Feed readers show content away from the site: links and images on it become absolute. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${origin}/`);
}
