import { describe, expect, it } from 'vitest';
import { withdrawAmount } from './withdrawAmount';

describe('withdrawAmount', () => {
  it('accepts a positive amount with at most 2 decimals', () => {
    expect(withdrawAmount(' 12.5 ')).toBe('12.50');
    expect(withdrawAmount('3')).toBe('3.00');
  });
  it('ignores zero, negative, non-numeric and over-precise amounts', () => {
    for (const text of ['', '0', '0.00', '-1', 'abc', '1e3', '1.234', 'Infinity']) expect(withdrawAmount(text)).toBeNull();
  });
  it('takes at most what the API takes: 10 million yuan', () => {
    expect(withdrawAmount('10000000')).toBe('10000000.00');
    expect(withdrawAmount('10000000.01')).toBeNull();
  });
});
