import { describe, expect, it } from 'vitest';
import { findMembershipProduct, MEMBERSHIP_PRODUCTS } from './membershipProducts';

describe('membership products', () => {
  it('prices every product in integer cents from the seed list', () => {
    expect(findMembershipProduct('vip_monthly_manual')).toMatchObject({ level: 'vip', months: 1, amountCents: 7800, originCents: null });
    expect(findMembershipProduct('enterprise_annual_manual')).toMatchObject({ months: 12, amountCents: 238_800, originCents: 441_600 });
    expect(MEMBERSHIP_PRODUCTS.every((p) => Number.isInteger(p.amountCents) && p.amountCents > 0)).toBe(true);
    expect(new Set(MEMBERSHIP_PRODUCTS.map((p) => p.key)).size).toBe(MEMBERSHIP_PRODUCTS.length);
  });
  it('does not sell what the seed does not show', () => {
    expect(findMembershipProduct('enterprise_monthly_subscription')).toBeNull();
    expect(findMembershipProduct('')).toBeNull();
  });
});
