import { describe, expect, it } from 'vitest';
import { createRoutes } from '../../routes';
import { matchRoutes } from './matchRoutes';

const routes = createRoutes(() => {
  throw new Error('only matched here');
});

// Path, the matched route ids and paths, the params: each row is what react-router 7.18 answered
// for the site's table (the ranking, optional params, trailing slashes, case, decoding).
const CASES: [string, string, Record<string, string> | null][] = [
  ['/', 'root / | home /', {}],
  ['', 'root / | home /', {}],
  ['/found/', 'root / | found /found/', {}],
  ['/FOUND', 'root / | found /FOUND', {}],
  ['/article', 'root / | article /article', {}],
  ['/article/abc/', 'root / | article /article/abc/', { slug: 'abc' }],
  ['/article/abc/review', 'root / | article-review /article/abc/review', { slug: 'abc' }],
  ['/article/a%2Fb/', 'root / | article /article/a%2Fb/', { slug: 'a/b' }],
  ['/article/%E4%B8%AD/', 'root / | article /article/\u4e2d/', { slug: '中' }],
  ['/article/%zz/', 'root / | article /article/%zz/', { slug: '%zz' }],
  ['/booklet/x/', 'root / | booklet /booklet/x | booklet-overview /booklet/x/', { slug: 'x' }],
  ['/booklet/x/y/', 'root / | booklet /booklet/x | booklet-chapter /booklet/x/y/', { slug: 'x', childSlug: 'y' }],
  ['/booklet/x/y/z', '', null],
  ['/@ann/', 'root / | column /@ann | column-home /@ann/', { column: '@ann' }],
  ['/@ann/articles/', 'root / | column /@ann | column-articles /@ann/articles/', { column: '@ann' }],
  ['/@ann/collections', 'root / | column /@ann | column-collections /@ann/collections', { column: '@ann' }],
  ['/ann/', 'root / | column /ann | column-home /ann/', { column: 'ann' }],
  ['/page/guide/', 'root / | static-guide /page/guide/', {}],
  ['/page/privacy/cn/', 'root / | static-privacy-cn /page/privacy/cn/', {}],
  ['/page/', 'root / | column /page | column-home /page/', { column: 'page' }],
  ['/r/', 'root / | short-link /r/', {}],
  ['/r/abc', 'root / | short-link /r/abc', { slug: 'abc' }],
  ['/redeem/XYZ/', 'root / | redeem /redeem/XYZ/', { code: 'XYZ' }],
  ['/accounts/referral/', 'root / | referral /accounts/referral/', {}],
  ['/accounts/reset/tok/', 'root / | password-reset /accounts/reset/tok/', { token: 'tok' }],
  ['/nope/nope/', '', null],
  ['//evil/x', '', null],
  ['/@ann/x/y', '', null],
  ['/article//', 'root / | article /article/', {}],
];

describe('matchRoutes', () => {
  it.each(CASES)('matches %s as react-router did', (path, expected, params) => {
    const matches = matchRoutes(routes, path);
    expect((matches ?? []).map((m) => `${m.id} ${m.pathname}`).join(' | ')).toBe(expected);
    expect(matches?.at(-1)?.params ?? null).toEqual(params);
  });

  it('gives every match of a page the params of the whole path', () => {
    const matches = matchRoutes(routes, '/booklet/guide/intro/') ?? [];
    expect(matches.map((m) => m.params)).toEqual([
      { slug: 'guide', childSlug: 'intro' },
      { slug: 'guide', childSlug: 'intro' },
      { slug: 'guide', childSlug: 'intro' },
    ]);
  });

  it('numbers routes without an id by their place in the table', () => {
    const table = [{ path: '/', children: [{ path: 'a' }, { path: 'b', children: [{ path: 'c' }] }] }];
    expect(matchRoutes(table, '/b/c/')?.map((m) => m.id)).toEqual(['0', '0-1', '0-1-0']);
  });

  it('ranks a static segment above a param whatever the order', () => {
    const table = [
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'param', path: ':x' },
          { id: 'fixed', path: 'fixed' },
        ],
      },
    ];
    expect(matchRoutes(table, '/fixed')?.at(-1)?.id).toBe('fixed');
    expect(matchRoutes(table, '/other')?.at(-1)?.id).toBe('param');
  });
});
