import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking';

describe('trackingUrl', () => {
  it('carries the fields, the API version and a timestamp as query parameters', () => {
    const url = new URL(trackingUrl('/log', { cate: 'page', event: 'load', status: 200, path: '/a b', uid: 7, msg: null }, 1000), 'http://x');
    expect(url.pathname).toBe('/log');
    expect(Object.fromEntries(url.searchParams)).toEqual({ v: '0.6.0', cate: 'page', event: 'load', status: '200', path: '/a b', uid: '7', t: '1000' });
  });

  it('appends to an endpoint that has a query already and cuts long values', () => {
    const url = trackingUrl('https://log.example/i.gif?app=zine', { msg: 'x'.repeat(2000) }, 1);
    expect(url.startsWith('https://log.example/i.gif?app=zine&v=0.6.0')).toBe(true);
    expect(new URL(url).searchParams.get('msg')).toHaveLength(500);
  });
});
