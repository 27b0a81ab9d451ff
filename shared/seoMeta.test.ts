import { describe, expect, it } from 'vitest';
import { articlePath, canonicalPathname, columnFeedPath, ogLocale, plainTextExcerpt, samePage, truncateText } from './seoMeta';

describe('page meta helpers', () => {
  it('ends canonical paths with a slash, once', () => {
    expect(canonicalPathname('/article/a')).toBe('/article/a/');
    expect(canonicalPathname('/article/a/')).toBe('/article/a/');
    expect(canonicalPathname('/')).toBe('/');
  });

  it('ties meta to its page whatever the slash or the escaping', () => {
    expect(samePage('/@ann/', '/@ann')).toBe(true);
    expect(samePage('/@%E4%B8%AD/', '/@中')).toBe(true);
    expect(samePage('/article/a/', '/article/b/')).toBe(false);
    expect(samePage('/%E0%A4%A/', '/%E0%A4%A')).toBe(true);
  });

  it('maps languages to og:locale', () => {
    expect(ogLocale('en')).toBe('en_US');
    expect(ogLocale('zh-TW')).toBe('zh_TW');
    expect(ogLocale('zh-CN')).toBe('zh_CN');
    expect(ogLocale('fr-ca')).toBe('fr_CA');
    expect(ogLocale('klingon')).toBeNull();
    expect(ogLocale(undefined)).toBeNull();
  });

  it('makes a plain-text excerpt of HTML, entities decoded and cut at a word', () => {
    const html = `<h1>Title</h1><p>Tom &amp; Jerry&#39;s <b>great</b>&nbsp;chase &lt;script&gt;</p><script>x()</script>`;
    expect(plainTextExcerpt(html)).toBe(`Title Tom & Jerry's great chase <script>`);
    const long = `<p>${'word '.repeat(100)}</p>`;
    const cut = plainTextExcerpt(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/word…$/);
    expect(plainTextExcerpt('<p>&#x1F600; &#99999999;</p>')).toBe('😀 &#99999999;');
  });

  it('cuts text without splitting characters outside the BMP', () => {
    expect(truncateText('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
    expect(truncateText('short', 10)).toBe('short');
  });

  it('names the feed and article paths, escaped', () => {
    expect(columnFeedPath('ann')).toBe('/@ann/feed.xml');
    expect(columnFeedPath('a/b')).toBe('/@a%2Fb/feed.xml');
    expect(articlePath('x y')).toBe('/article/x%20y/');
  });
});
