import { describe, expect, it } from 'vitest';
import { accountReader, ReaderKeys } from './readerKeys';

describe('reader keys', () => {
  const keys = new ReaderKeys(Buffer.from('a'.repeat(64)));

  it('gives one anonymous reader one key a day, naming neither address nor agent', () => {
    const key = keys.anonymous('203.0.113.7', 'Firefox', '2026-11-28');
    expect(key).toMatch(/^a:[A-Za-z0-9_-]{22}$/);
    expect(keys.anonymous('203.0.113.7', 'Firefox', '2026-11-28')).toBe(key);
    expect(keys.anonymous('203.0.113.8', 'Firefox', '2026-11-28')).not.toBe(key);
    expect(keys.anonymous('203.0.113.7', 'Chrome', '2026-11-28')).not.toBe(key);
    expect(keys.anonymous('203.0.113.7', 'Firefox', '2026-11-29')).not.toBe(key);
    expect(new ReaderKeys(Buffer.from('b'.repeat(64))).anonymous('203.0.113.7', 'Firefox', '2026-11-28')).not.toBe(key);
  });

  it('keys an address for a day, apart from any reader of it', () => {
    const key = keys.address('203.0.113.7', '2026-11-28');
    expect(key).toMatch(/^s:[A-Za-z0-9_-]{22}$/);
    expect(keys.address('203.0.113.7', '2026-11-28')).toBe(key);
    expect(keys.address('203.0.113.7', '2026-11-29')).not.toBe(key);
    expect(keys.anonymous('203.0.113.7', '', '2026-11-28').slice(2)).not.toBe(key.slice(2));
  });

  it('keys a signed-in reader by account', () => {
    expect(accountReader(42)).toBe('u:42');
  });
});
