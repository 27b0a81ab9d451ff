import { describe, expect, it } from 'vitest';
import { nextQuotaReset, PAGE_VIEW_LIMITS, quotaDay, quotaMonth } from './pageViewQuota';

describe('the page-view quota month', () => {
  it('is the UTC month, whatever the local time zone', () => {
    expect(quotaMonth(Date.UTC(2026, 0, 31, 23, 59, 59, 999))).toBe('2026-01');
    expect(quotaMonth(Date.UTC(2026, 1, 1))).toBe('2026-02');
  });

  it('resets at the first instant of the next month, across a year end', () => {
    expect(nextQuotaReset(Date.UTC(2026, 11, 15, 12))).toBe(Date.UTC(2027, 0, 1));
    expect(nextQuotaReset(Date.UTC(2026, 1, 1))).toBe(Date.UTC(2026, 2, 1));
  });

  it('rises with the tier; enterprise and operators are unlimited', () => {
    expect(PAGE_VIEW_LIMITS.user).toBeLessThan(PAGE_VIEW_LIMITS.premium ?? 0);
    expect(PAGE_VIEW_LIMITS.premium).toBeLessThan(PAGE_VIEW_LIMITS.vip ?? 0);
    expect(PAGE_VIEW_LIMITS.enterprise).toBeNull();
    expect(PAGE_VIEW_LIMITS.operator).toBeNull();
  });
});

describe('quotaDay', () => {
  it('names the UTC day of each instant, across midnights and back again', () => {
    const midnight = Date.parse('2026-11-28T00:00:00.000Z');
    expect(quotaDay(midnight - 1)).toBe('2026-11-27');
    expect(quotaDay(midnight)).toBe('2026-11-28');
    expect(quotaDay(midnight + 86_399_999)).toBe('2026-11-28');
    expect(quotaDay(midnight + 86_400_000)).toBe('2026-11-29');
    expect(quotaDay(midnight - 1)).toBe('2026-11-27');
  });
});

describe('quotaMonth, asked again and again', () => {
  it('names the UTC month of each instant across a month’s end and back', () => {
    const first = Date.parse('2026-12-01T00:00:00.000Z');
    expect(quotaMonth(first - 1)).toBe('2026-11');
    expect(quotaMonth(first)).toBe('2026-12');
    expect(quotaMonth(first - 1)).toBe('2026-11');
    expect(quotaMonth(Date.parse('2027-01-01T00:00:00.000Z'))).toBe('2027-01');
  });
});
