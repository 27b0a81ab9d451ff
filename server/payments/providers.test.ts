import { describe, expect, it } from 'vitest';
import { sandboxCheckoutUrl } from './providers';

describe('sandboxCheckoutUrl', () => {
  it('points at our own checkout page with the return address', () => {
    expect(sandboxCheckoutUrl('https://zine.example', 'abc_-1', '/member')).toBe('https://zine.example/payments/sandbox/checkout/abc_-1?return_url=%2Fmember');
  });
});
