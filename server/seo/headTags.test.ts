import { describe, expect, it } from 'vitest';
import { fallbackDocument } from '../render/document';
import { headTags } from './headTags';
import type { HeadMeta } from './pageHead';

const base: HeadMeta = {
  title: 'T - Zine',
  shareTitle: 'T',
  description: 'D',
  canonical: 'https://zine.example/t/',
  url: 'https://zine.example/t/',
  noindex: false,
  type: 'website',
  image: null,
  siteName: 'Zine',
  locale: 'en_US',
  published: null,
  modified: null,
  authorUrl: null,
  feeds: [],
  jsonLd: null,
  breadcrumbs: null,
};

describe('head tags', () => {
  it('writes robots noindex and no canonical for a page kept out of the index', () => {
    const html = headTags({ ...base, noindex: true, canonical: null });
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    expect(headTags(base)).not.toContain('name="robots"');
  });

  it('writes article times and author only for articles, and the large card only with an image', () => {
    const article = headTags({
      ...base,
      type: 'article',
      published: '2026-01-01T00:00:00.000Z',
      authorUrl: 'https://zine.example/@a/',
      image: 'https://cdn.example/c.webp',
    });
    expect(article).toContain('<meta property="article:published_time" content="2026-01-01T00:00:00.000Z">');
    expect(article).toContain('<meta property="article:author" content="https://zine.example/@a/">');
    expect(article).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(headTags({ ...base, published: '2026-01-01T00:00:00.000Z' })).not.toContain('article:');
    expect(headTags(base)).toContain('<meta name="twitter:card" content="summary">');
  });

  it('escapes every value, the feed title and the JSON-LD included', () => {
    const evil = '"><script>alert(1)</script>';
    const html = headTags({
      ...base,
      title: evil,
      shareTitle: evil,
      description: evil,
      feeds: [{ title: evil, href: 'https://zine.example/@a/feed.xml' }],
      jsonLd: { name: evil },
    });
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script type="application/ld+json">{"name":"\\"\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}</script>');
  });

  it('keeps the last-resort error document out of the index', () => {
    expect(fallbackDocument('en', 'Broken')).toContain('<meta name="robots" content="noindex">');
  });
});
