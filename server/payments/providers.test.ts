import { describe, expect, it } from 'vitest';
import { sameOriginReturn, sandboxCheckoutUrl } from './providers';

describe('sameOriginReturn', () => {
  const origin = 'https://zine.example';
  it('keeps paths and same-origin URLs as paths', () => {
    expect(sameOriginReturn('/member?paid=1#top', origin, '/')).toBe('/member?paid=1#top');
    expect(sameOriginReturn('https://zine.example/profile/orders', origin, '/')).toBe('/profile/orders');
  });
  it('falls back for anything that could leave the site', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'http://zine.example/']) {
      expect(sameOriginReturn(bad, origin, '/')).toBe('/');
    }
    expect(sameOriginReturn(undefined, origin, '/member')).toBe('/member');
  });
});

describe('sandboxCheckoutUrl', () => {
  it('points at our own checkout page with the return address', () => {
    expect(sandboxCheckoutUrl('https://zine.example', 'abc_-1', '/member')).toBe('https://zine.example/payments/sandbox/checkout/abc_-1?return_url=%2Fmember');
  });
});
