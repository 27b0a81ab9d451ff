import { describe, expect, it } from 'vitest';
import { addMonths, currentMembership, membershipDescription } from './membership';

const at = (iso: string) => Date.parse(iso);

describe('addMonths', () => {
  it('adds calendar months in UTC', () => {
    expect(addMonths(at('2026-01-15T10:00:00Z'), 1)).toBe(at('2026-02-15T10:00:00Z'));
    expect(addMonths(at('2026-03-01T00:00:00Z'), 12)).toBe(at('2027-03-01T00:00:00Z'));
  });
  it('clamps the 31st to the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-31T08:00:00Z'), 1)).toBe(at('2026-02-28T08:00:00Z'));
    expect(addMonths(at('2028-01-31T08:00:00Z'), 1)).toBe(at('2028-02-29T08:00:00Z'));
    expect(addMonths(at('2026-12-31T00:00:00Z'), 1)).toBe(at('2027-01-31T00:00:00Z'));
  });
});

describe('currentMembership', () => {
  const now = at('2026-06-01T00:00:00Z');
  it('tells never paid, running and expired apart', () => {
    expect(currentMembership({ role: 'user', membership_tier: null, membership_expires_at: null }, now)).toEqual({
      level: null,
      expires: null,
      renewal: false,
      expired: false,
      effective_role: 'user',
      subscription: null,
    });
    expect(currentMembership({ role: 'user', membership_tier: 'vip', membership_expires_at: now + 1 }, now)).toMatchObject({
      level: 'vip',
      expired: false,
      effective_role: 'vip',
    });
    expect(currentMembership({ role: 'reseller', membership_tier: 'vip', membership_expires_at: now }, now)).toMatchObject({
      level: 'vip',
      expired: true,
      effective_role: 'reseller',
      expires: '2026-06-01T00:00:00.000Z',
    });
  });

  it('answers renewal true only while a subscription with renewal on runs (decision 051)', () => {
    const on = { identity: 'vip_monthly_subscription', level: 'vip' as const, period: 'monthly' as const, renewal: true };
    const running = { role: 'user' as const, membership_tier: 'vip' as const, membership_expires_at: now + 1 };
    expect(currentMembership(running, now, on)).toMatchObject({ renewal: true, subscription: on });
    expect(currentMembership(running, now, { ...on, renewal: false })).toMatchObject({ renewal: false, subscription: { renewal: false } });
    expect(currentMembership({ ...running, membership_expires_at: now }, now, on)).toMatchObject({ renewal: false, expired: true });
    expect(currentMembership(running, now, null)).toMatchObject({ renewal: false, subscription: null });
  });
});

describe('membershipDescription', () => {
  it('lists the seed §9 prices as decimal strings, subscriptions without enterprise', () => {
    const { manual, subscription } = membershipDescription();
    expect(manual.map((p) => [p.level, p.monthly_price, p.annual_price, p.origin_annual_price])).toEqual([
      ['premium', '22.00', '188.00', '264.00'],
      ['vip', '78.00', '488.00', '936.00'],
      ['enterprise', '368.00', '2388.00', '4416.00'],
    ]);
    expect(subscription.map((p) => [p.level, p.monthly_key, p.monthly_price, p.annual_price, p.origin_annual_price])).toEqual([
      ['premium', 'premium_monthly_subscription', '18.00', '168.00', null],
      ['vip', 'vip_monthly_subscription', '58.00', '388.00', null],
    ]);
  });
});
