import { describe, expect, it } from 'vitest';
import { isCrawler } from './crawler';

describe('isCrawler', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1',
    'Twitterbot/1.0',
    'Sogou web spider/4.0',
  ])('knows %s', (ua) => {
    expect(isCrawler(ua)).toBe(true);
  });

  it('does not take people for crawlers', () => {
    expect(isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36')).toBe(false);
    expect(isCrawler(undefined)).toBe(false);
  });
});
