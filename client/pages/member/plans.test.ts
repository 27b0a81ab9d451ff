import { describe, expect, it } from 'vitest';
import { fallbackPlans, mergePlans, money } from './plans';

describe('membership plans', () => {
  it('falls back to the seed list prices, with the struck-through annual origin', () => {
    const vip = fallbackPlans().find((p) => p.level === 'vip' && p.kind === 'manual');
    expect(vip?.monthly).toEqual({ key: 'vip_monthly_manual', cents: 7800 });
    expect(vip?.annual).toEqual({ key: 'vip_annual_manual', cents: 48800, originCents: 93600 });
    expect(fallbackPlans().some((p) => p.level === 'enterprise' && p.kind === 'subscription')).toBe(false);
  });

  it('lets server values override, rounded to 2 decimals, per kind or as one list', () => {
    const grouped = mergePlans(fallbackPlans(), {
      manual: [
        {
          level: 'vip',
          monthly_key: 'vip_monthly_manual',
          annual_key: 'vip_annual_manual',
          monthly_price: '77.999',
          annual_price: 480,
          origin_annual_price: '900',
        },
      ],
      subscription: [
        { level: 'premium', monthly_key: 'premium_monthly_subscription', annual_key: 'premium_annual_subscription', monthly_price: 'x', annual_price: 160.5 },
      ],
    });
    const vip = grouped.find((p) => p.level === 'vip' && p.kind === 'manual');
    expect(vip?.monthly?.cents).toBe(7800);
    expect(vip?.annual).toEqual({ key: 'vip_annual_manual', cents: 48000, originCents: 90000 });
    const premium = grouped.find((p) => p.level === 'premium' && p.kind === 'subscription');
    expect(premium?.monthly?.cents).toBe(1800);
    expect(premium?.annual?.cents).toBe(16050);
    const flat = mergePlans(fallbackPlans(), [
      { level: 'enterprise', monthly_key: 'enterprise_monthly_manual', annual_key: 'enterprise_annual_manual', monthly_price: 300, annual_price: 2000 },
    ]);
    expect(flat.find((p) => p.level === 'enterprise')?.monthly?.cents).toBe(30000);
    expect(mergePlans(fallbackPlans(), 'nonsense')).toEqual(fallbackPlans());
    expect(money(48800)).toBe('488.00');
  });
});
