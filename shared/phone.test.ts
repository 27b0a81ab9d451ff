import { describe, expect, it } from 'vitest';
import { isSmsCode, normalizePhone } from './phone';

describe('normalizePhone', () => {
  it('takes a mainland mobile number without a country code as +86', () => {
    expect(normalizePhone('13800138000')).toBe('+8613800138000');
    expect(normalizePhone(' 138 0013 8000 ')).toBe('+8613800138000');
  });

  it('keeps international numbers with + or 00, ignoring separators', () => {
    expect(normalizePhone('+44 20 7946-0958')).toBe('+442079460958');
    expect(normalizePhone('0044 (20) 7946.0958')).toBe('+442079460958');
    expect(normalizePhone('+85291234567')).toBe('+85291234567');
  });

  it('refuses what is not a number', () => {
    for (const bad of ['', '12345', '23800138000', '+0123456789', '+1234567890123456', 'abc', '+86 138x0013800', '<script>']) {
      expect(normalizePhone(bad), bad).toBeNull();
    }
  });
});

describe('isSmsCode', () => {
  it('accepts six digits only', () => {
    expect(isSmsCode('012345')).toBe(true);
    expect(isSmsCode(' 012345 ')).toBe(true);
    expect(isSmsCode('12345')).toBe(false);
    expect(isSmsCode('1234567')).toBe(false);
    expect(isSmsCode('12345a')).toBe(false);
  });
});
