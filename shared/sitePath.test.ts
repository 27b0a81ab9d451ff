import { describe, expect, it } from 'vitest';
import { OFFSITE_NEXT_CORPUS, OFFSITE_PATH_CORPUS } from '../tests/support/offsiteCorpus';
import { sitePath } from './sitePath';

const ORIGIN = 'https://zine.example';

describe('sitePath', () => {
  it.each([
    '/',
    '/article/walk/',
    '/@ann/',
    '/search/',
    '/booklet/walker/chapter/3/',
    '/%E4%B8%AD%E6%96%87/',
    '/%2F%2Fevil.example',
    '/%5C%5Cevil.example',
    '/@evil.example',
    '/a%09b/',
  ])('keeps the path %s as it was', (path) => {
    expect(sitePath(path)).toBe(path);
  });

  it.each([
    ['//evil.example/phish', '/evil.example/phish'],
    ['///evil.example', '/evil.example'],
    ['/\\evil.example', '/evil.example'],
    ['\\\\evil.example', '/evil.example'],
    ['/.//evil.example', '/evil.example'],
    ['/a/..//evil.example', '/evil.example'],
    ['/%2e//evil.example', '/evil.example'],
    ['/\t/evil.example', '/%09/evil.example'],
    ['/\n/evil.example', '/%0A/evil.example'],
    ['evil.example', '/evil.example'],
    ['', '/'],
    ['/a?b#c', '/a%3Fb%23c'],
  ])('makes %j the path %s of this site', (path, expected) => {
    expect(sitePath(path)).toBe(expected);
  });

  it('never gives a link a browser reads as another host, and gives the same path again', () => {
    const inputs = [...OFFSITE_NEXT_CORPUS, ...OFFSITE_PATH_CORPUS].filter((value): value is string => typeof value === 'string');
    for (const input of inputs) {
      const path = sitePath(input);
      expect(path, input).toMatch(/^\/(?![/\\])/);
      expect(new URL(path, ORIGIN).origin, input).toBe(ORIGIN);
      expect(new URL(`${path}?__lang=zh-CN`, ORIGIN).origin, input).toBe(ORIGIN);
      expect(sitePath(path), input).toBe(path);
    }
  });
});
