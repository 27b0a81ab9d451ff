import { describe, expect, it } from 'vitest';
import { cookieFromHeader } from './cookieHeader';

describe('cookieFromHeader', () => {
  it('finds a cookie by its exact name, decoded', () => {
    const header = 'xsessionid=1; sessionid=abc; zine_lang=zh-CN; note=%E4%BD%A0%ZZ; quoted="q v"';
    expect(cookieFromHeader(header, 'sessionid')).toBe('abc');
    expect(cookieFromHeader(header, 'zine_lang')).toBe('zh-CN');
    expect(cookieFromHeader(header, 'note')).toBe('%E4%BD%A0%ZZ');
    expect(cookieFromHeader(header, 'quoted')).toBe('q v');
    expect(cookieFromHeader(header, 'session')).toBeNull();
    expect(cookieFromHeader(undefined, 'sessionid')).toBeNull();
    expect(cookieFromHeader('sessionid', 'sessionid')).toBeNull();
  });
});
