import { describe, expect, it } from 'vitest';
import { absoluteUrl, buildJsonLd } from './seoJsonLd';
import type { PageMeta } from './seoMeta';

const site = { origin: 'https://zine.example', name: 'Zine', logo: '/favicon.svg', language: 'en' };
const url = 'https://zine.example/article/hello/';
const article: PageMeta = {
  path: '/article/hello',
  title: 'Hello',
  description: 'About hello',
  image: '/media/cover.webp',
  type: 'article',
  published: '2026-01-01T00:00:00.000Z',
  modified: '2026-01-02T00:00:00.000Z',
  author: { name: 'ann', path: '/@ann/' },
  language: 'zh-TW',
  structured: { type: 'Article' },
};

describe('JSON-LD', () => {
  it('describes an article with its author, publisher and page, all URLs absolute', () => {
    expect(buildJsonLd(article, site, url)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Hello',
      description: 'About hello',
      image: ['https://zine.example/media/cover.webp'],
      datePublished: '2026-01-01T00:00:00.000Z',
      dateModified: '2026-01-02T00:00:00.000Z',
      author: { '@type': 'Person', name: 'ann', url: 'https://zine.example/@ann/' },
      publisher: {
        '@type': 'Organization',
        name: 'Zine',
        url: 'https://zine.example/',
        logo: { '@type': 'ImageObject', url: 'https://zine.example/favicon.svg' },
      },
      inLanguage: 'zh-TW',
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    });
  });

  it('marks a paywalled chapter and the booklet it belongs to', () => {
    const ld = buildJsonLd(
      { ...article, structured: { type: 'Article', paywall: { cssSelector: '.paywall' }, partOf: { name: 'Book', path: '/booklet/b/' } } },
      site,
      url,
    );
    expect(ld).toMatchObject({
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywall' },
      isPartOf: { '@type': 'Book', name: 'Book', url: 'https://zine.example/booklet/b/' },
    });
    expect(buildJsonLd(article, site, url)).not.toHaveProperty('isAccessibleForFree');
  });

  it('cuts a long headline to 110 characters', () => {
    const ld = buildJsonLd({ ...article, title: 'x'.repeat(300) }, site, url);
    expect(String(ld?.headline).length).toBeLessThanOrEqual(110);
  });

  it('describes a profile, a website, a plain page and a book', () => {
    const profile = buildJsonLd(
      {
        path: '/@ann/',
        title: "ann's column",
        type: 'profile',
        author: { name: 'ann', path: '/@ann/', description: 'Hi' },
        structured: { type: 'ProfilePage' },
      },
      site,
      'https://zine.example/@ann/',
    );
    expect(profile).toMatchObject({
      '@type': 'ProfilePage',
      mainEntity: { '@type': 'Person', name: 'ann', url: 'https://zine.example/@ann/', description: 'Hi' },
    });
    expect(buildJsonLd({ path: '/', title: 'Zine', type: 'website', structured: { type: 'WebSite' } }, site, 'https://zine.example/')).toMatchObject({
      '@type': 'WebSite',
      name: 'Zine',
      url: 'https://zine.example/',
    });
    expect(buildJsonLd({ path: '/page/x/', title: 'X', type: 'website', structured: { type: 'WebPage' } }, site, 'https://zine.example/page/x/')).toMatchObject(
      { '@type': 'WebPage', name: 'X', isPartOf: { '@type': 'WebSite' } },
    );
    expect(
      buildJsonLd(
        { path: '/booklet/b/', title: 'B', type: 'book', author: { name: 'ann', path: '/@ann/' }, structured: { type: 'Book' } },
        site,
        'https://zine.example/booklet/b/',
      ),
    ).toMatchObject({ '@type': 'Book', name: 'B', author: { name: 'ann' } });
    expect(buildJsonLd({ path: '/x/', title: 'X', type: 'website' }, site, 'https://zine.example/x/')).toBeNull();
  });

  it('keeps only http(s) URLs and paths on the site', () => {
    expect(absoluteUrl('https://zine.example', '/a.png')).toBe('https://zine.example/a.png');
    expect(absoluteUrl('https://zine.example', 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(absoluteUrl('https://zine.example', '//cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(absoluteUrl('https://zine.example', 'javascript:alert(1)')).toBeNull();
    expect(absoluteUrl('https://zine.example', 'data:image/png;base64,AAAA')).toBeNull();
    expect(buildJsonLd({ ...article, image: 'javascript:alert(1)' }, site, url)).not.toHaveProperty('image');
  });
});
