import { escapeHtml } from '../../shared/escapeHtml';
import { serializeJsonForScript } from '../../shared/serializeJson';
import type { HeadMeta } from './pageHead';

/**
 * The head's description of the page: title, description, robots, canonical link,
 * OpenGraph, Twitter card, feeds and JSON-LD. Every value is escaped; the JSON-LD is
 * a data block (not executed, so CSP does not apply) with `<`, `>` and `&` escaped.
 */
export function headTags(meta: HeadMeta): string {
  const tags: string[] = [`<title>${escapeHtml(meta.title)}</title>`, named('description', meta.description)];
  if (meta.noindex) tags.push(named('robots', 'noindex'));
  if (meta.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonical)}">`);
  for (const feed of meta.feeds) {
    tags.push(`<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}">`);
  }
  tags.push(
    property('og:site_name', meta.siteName),
    property('og:type', meta.type),
    property('og:title', meta.shareTitle),
    property('og:description', meta.description),
    property('og:url', meta.url),
  );
  if (meta.locale) tags.push(property('og:locale', meta.locale));
  if (meta.image) tags.push(property('og:image', meta.image));
  if (meta.type === 'article') {
    if (meta.published) tags.push(property('article:published_time', meta.published));
    if (meta.modified) tags.push(property('article:modified_time', meta.modified));
    if (meta.authorUrl) tags.push(property('article:author', meta.authorUrl));
  }
  tags.push(
    named('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.shareTitle),
    named('twitter:description', meta.description),
  );
  if (meta.image) tags.push(named('twitter:image', meta.image));
  for (const block of [meta.jsonLd, meta.breadcrumbs]) {
    if (block) tags.push(`<script type="application/ld+json">${serializeJsonForScript(block)}</script>`);
  }
  return tags.join('');
}

function named(name: string, content: string): string {
  return `<meta name="${name}" content="${escapeHtml(content)}">`;
}

function property(name: string, content: string): string {
  return `<meta property="${name}" content="${escapeHtml(content)}">`;
}
