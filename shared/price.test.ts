import { describe, expect, it } from 'vitest';
import { formatPrice } from './price';

describe('formatPrice', () => {
  it('writes known currencies with their symbol and two decimals', () => {
    expect(formatPrice({ amount_cents: 1200, currency: 'CNY' })).toBe('¥12.00');
    expect(formatPrice({ amount_cents: 5, currency: 'USD' })).toBe('$0.05');
  });

  it('writes other currencies by code, and never a negative amount', () => {
    expect(formatPrice({ amount_cents: 99999, currency: 'JPY' })).toBe('999.99 JPY');
    expect(formatPrice({ amount_cents: -300, currency: 'CNY' })).toBe('¥0.00');
  });
});
