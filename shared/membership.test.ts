import { describe, expect, it } from 'vitest';
import { effectiveRole, isMember } from './membership';

describe('effectiveRole', () => {
  const now = Date.UTC(2026, 10, 22);
  it('is the tier while it lasts', () => {
    expect(effectiveRole('user', 'vip', now + 1, now)).toBe('vip');
  });
  it('falls back to the base role once expired or never paid', () => {
    expect(effectiveRole('user', 'vip', now, now)).toBe('user');
    expect(effectiveRole('reseller', null, null, now)).toBe('reseller');
  });
});

describe('isMember', () => {
  it.each([
    ['premium', true],
    ['vip', true],
    ['enterprise', true],
    ['user', false],
    ['operator', false],
    [undefined, false],
  ])('%s -> %s', (role, expected) => {
    expect(isMember(role)).toBe(expected);
  });
});
