import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, TRAFFIC_LIMITS, trafficMonth, trafficPeriod, uploadAllowance } from './traffic';

describe('upload traffic', () => {
  it('grows with the tier', () => {
    expect(TRAFFIC_LIMITS.user).toBe(100 * 1024 * 1024);
    expect(TRAFFIC_LIMITS.user).toBeLessThan(TRAFFIC_LIMITS.premium);
    expect(TRAFFIC_LIMITS.premium).toBeLessThan(TRAFFIC_LIMITS.vip);
    expect(TRAFFIC_LIMITS.vip).toBeLessThan(TRAFFIC_LIMITS.enterprise);
  });

  it('counts by UTC calendar month', () => {
    const lastMoment = Date.UTC(2026, 0, 31, 23, 59, 59, 999);
    expect(trafficMonth(lastMoment)).toBe('2026-01');
    expect(trafficMonth(lastMoment + 1)).toBe('2026-02');
    expect(trafficPeriod(lastMoment)).toEqual({ begin: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 1, 1) });
    expect(trafficPeriod(Date.UTC(2026, 11, 15))).toEqual({ begin: Date.UTC(2026, 11, 1), end: Date.UTC(2027, 0, 1) });
  });

  it('lets one upload take the remainder, at most the per-file cap', () => {
    expect(uploadAllowance(100, 40)).toBe(60);
    expect(uploadAllowance(100, 100)).toBe(0);
    expect(uploadAllowance(100, 150)).toBe(0);
    expect(uploadAllowance(TRAFFIC_LIMITS.vip, 0)).toBe(MAX_UPLOAD_BYTES);
  });
});
