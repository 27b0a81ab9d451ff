import { describe, expect, it } from 'vitest';
import { OFFSITE_NEXT_CORPUS } from '../tests/support/offsiteCorpus';
import { safeNextPath, sameOriginPath } from './safeNext';

/** Paths on this site, including odd ones that stay here. */
const ON_SITE: ReadonlyArray<[string, string]> = [
  ['/profile/wallet/', '/profile/wallet/'],
  ['/article/x/?a=1#c', '/article/x/?a=1#c'],
  ['/@ann/', '/@ann/'],
  ['/%252e//evil.example', '/%252e//evil.example'],
  ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['/a/./b/../c', '/a/c'],
  ['/?next=//evil.example', '/?next=//evil.example'],
  ['/@evil.example', '/@evil.example'],
];

describe('safeNextPath', () => {
  it.each(ON_SITE)('keeps the same-origin path %s', (path, expected) => {
    expect(safeNextPath(path)).toBe(expected);
  });
  it.each(OFFSITE_NEXT_CORPUS.map((next) => [next]))('refuses %j', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });
  it('never returns anything a browser reads as another host', () => {
    for (const next of OFFSITE_NEXT_CORPUS) {
      const target = safeNextPath(next, '/home');
      expect(new URL(target, 'https://zine.example').origin).toBe('https://zine.example');
      expect(target).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe('sameOriginPath', () => {
  const origin = 'https://zine.example';
  it('keeps paths and same-origin URLs as paths', () => {
    expect(sameOriginPath('/member?paid=1#top', origin)).toBe('/member?paid=1#top');
    expect(sameOriginPath('https://zine.example/profile/orders', origin)).toBe('/profile/orders');
  });
  it('falls back for anything that could leave the site', () => {
    const extra = [
      'http://zine.example/',
      'https://zine.example.evil.example/',
      'https://user@zine.example/x',
      'https://zine.example/.//evil.example',
      'https://zine.example/%2e//evil.example',
    ];
    for (const bad of [...OFFSITE_NEXT_CORPUS, ...extra]) expect(sameOriginPath(bad, origin)).toBe('/');
    expect(sameOriginPath(undefined, origin, '/member')).toBe('/member');
  });
});
