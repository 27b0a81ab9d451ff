import { describe, expect, it } from 'vitest';
import { isLoopback, PageViewReaders } from './pageViewReaders';
import { ReaderKeys } from './readerKeys';

const NOW = Date.UTC(2026, 10, 28, 12);
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/133.0';

describe('page-view readers', () => {
  const keys = new ReaderKeys(Buffer.from('k'.repeat(64)));

  it('counts a signed-in reader by account, an anonymous one by a daily key, a crawler never', () => {
    const readers = new PageViewReaders({ keys });
    expect(readers.of(7, '203.0.113.7', BROWSER, NOW)).toEqual({ reader: 'u:7', retryAfterS: 0 });
    const anonymous = readers.of(null, '203.0.113.7', BROWSER, NOW);
    expect(anonymous.reader).toBe(keys.anonymous('203.0.113.7', BROWSER, '2026-11-28'));
    expect(anonymous.address?.()).toBe(keys.address('203.0.113.7', '2026-11-28'));
    expect(readers.of(null, '203.0.113.7', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', NOW)).toEqual({
      reader: null,
      retryAfterS: 0,
    });
  });

  it('refuses an anonymous address past its limit, and nobody else', () => {
    const readers = new PageViewReaders({ keys, perMinute: 2 });
    expect(readers.of(null, '203.0.113.7', BROWSER, NOW).retryAfterS).toBe(0);
    expect(readers.of(null, '203.0.113.7', `${BROWSER} Edg/131.0`, NOW).retryAfterS).toBe(0);
    const refused = readers.of(null, '203.0.113.7', BROWSER, NOW);
    expect(refused.reader).toBeNull();
    expect(refused.retryAfterS).toBeGreaterThan(0);
    expect(readers.of(null, '198.51.100.1', BROWSER, NOW).retryAfterS).toBe(0);
    expect(readers.of(7, '203.0.113.7', BROWSER, NOW).retryAfterS).toBe(0);
  });

  it('holds no address of the machine itself to the limit (a load test), and counts it as any reader', () => {
    const readers = new PageViewReaders({ keys, perMinute: 2 });
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (let i = 0; i < 5; i++) expect(readers.of(null, address, BROWSER, NOW).retryAfterS, address).toBe(0);
      expect(readers.of(null, address, BROWSER, NOW).reader).toBe(keys.anonymous(address, BROWSER, '2026-11-28'));
    }
    expect(isLoopback('128.0.0.1')).toBe(false);
    expect(isLoopback('::ffff:10.0.0.1')).toBe(false);
  });
});
