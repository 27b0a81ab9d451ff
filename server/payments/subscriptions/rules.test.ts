import { describe, expect, it } from 'vitest';
import { findMembershipProduct, type MembershipProduct } from '../../../shared/membershipProducts';
import { membershipRunning, RENEWAL_OFF_REFUSAL, subscriptionOrderRefusal } from './rules';

function product(key: string): MembershipProduct {
  const found = findMembershipProduct(key);
  if (!found) throw new Error(`no product ${key}`);
  return found;
}

describe('the subscription price rule (decision 051)', () => {
  const vipSub = product('vip_monthly_subscription');

  it('sells a subscription to start one, or after the last one lapsed', () => {
    expect(subscriptionOrderRefusal(vipSub, { subscription: null, membershipRunning: false })).toBeNull();
    expect(subscriptionOrderRefusal(vipSub, { subscription: null, membershipRunning: true })).toBeNull();
    expect(subscriptionOrderRefusal(vipSub, { subscription: { renewal: false }, membershipRunning: false })).toBeNull();
  });

  it('renews while renewal is on', () => {
    expect(subscriptionOrderRefusal(vipSub, { subscription: { renewal: true }, membershipRunning: true })).toBeNull();
  });

  it('refuses the subscription price while a subscription runs with renewal off', () => {
    expect(subscriptionOrderRefusal(vipSub, { subscription: { renewal: false }, membershipRunning: true })).toBe(RENEWAL_OFF_REFUSAL);
  });

  it('never refuses a one-off product', () => {
    expect(subscriptionOrderRefusal(product('vip_monthly_manual'), { subscription: { renewal: false }, membershipRunning: true })).toBeNull();
  });

  it('tells a running membership from an expired or absent one', () => {
    expect(membershipRunning('vip', 2000, 1000)).toBe(true);
    expect(membershipRunning('vip', 1000, 1000)).toBe(false);
    expect(membershipRunning(null, 2000, 1000)).toBe(false);
    expect(membershipRunning('vip', null, 1000)).toBe(false);
  });
});
