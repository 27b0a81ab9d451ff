import { describe, expect, it } from 'vitest';
import { foldHours, hourRange, localDays, localMidnight, zoneOffset } from './localDays';
import { HOUR_MS } from './statsTriggers';

const hourAt = (iso: string) => Date.parse(iso) / HOUR_MS;

describe('the local days of a stats page', () => {
  it('ends with the day now falls in, in the zone: 23:30 UTC is already tomorrow in Shanghai', () => {
    const now = Date.parse('2026-11-27T23:30:00Z');
    expect(localDays(now, 'UTC', 3).days).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    const shanghai = localDays(now, 'Asia/Shanghai', 3);
    expect(shanghai.days).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
    expect(shanghai.starts.map((at) => new Date(at).toISOString())).toEqual([
      '2026-11-25T16:00:00.000Z',
      '2026-11-26T16:00:00.000Z',
      '2026-11-27T16:00:00.000Z',
      '2026-11-28T16:00:00.000Z',
    ]);
    expect(hourRange(shanghai)).toEqual({ from: hourAt('2026-11-25T16:00:00Z'), to: hourAt('2026-11-28T16:00:00Z') });
  });

  it('folds UTC hours into local days: 15:00 UTC is the 27th in Shanghai, 16:00 UTC the 28th', () => {
    const local = localDays(Date.parse('2026-11-28T10:00:00Z'), 'Asia/Shanghai', 2);
    const sums = [0, 0];
    const rows = [
      { hour: hourAt('2026-11-26T15:00:00Z'), n: 100 },
      { hour: hourAt('2026-11-26T16:00:00Z'), n: 1 },
      { hour: hourAt('2026-11-27T15:00:00Z'), n: 2 },
      { hour: hourAt('2026-11-27T16:00:00Z'), n: 4 },
      { hour: hourAt('2026-11-28T09:00:00Z'), n: 8 },
    ];
    foldHours(local, rows, (day, row) => (sums[day] = (sums[day] ?? 0) + row.n));
    expect(local.days).toEqual(['2026-11-27', '2026-11-28']);
    expect(sums).toEqual([3, 12]);
  });

  it('keeps days of 23 and 25 hours across daylight saving time', () => {
    const spring = localDays(Date.parse('2026-03-09T12:00:00Z'), 'America/New_York', 2);
    expect(spring.days).toEqual(['2026-03-08', '2026-03-09']);
    expect(((spring.starts[1] ?? 0) - (spring.starts[0] ?? 0)) / HOUR_MS).toBe(23);
    const autumn = localDays(Date.parse('2026-11-02T12:00:00Z'), 'America/New_York', 2);
    expect(((autumn.starts[1] ?? 0) - (autumn.starts[0] ?? 0)) / HOUR_MS).toBe(25);
  });

  it('knows offsets east and west, and half-hour ones', () => {
    expect(zoneOffset(Date.parse('2026-07-01T00:00:00Z'), 'Asia/Shanghai')).toBe(8 * HOUR_MS);
    expect(zoneOffset(Date.parse('2026-07-01T00:00:00Z'), 'America/Los_Angeles')).toBe(-7 * HOUR_MS);
    expect(localMidnight(Date.UTC(2026, 6, 1), 'Asia/Kolkata')).toBe(Date.parse('2026-06-30T18:30:00Z'));
    // A 365-day page of a half-hour zone still has 365 days, each hour in exactly one.
    const kolkata = localDays(Date.parse('2026-11-28T00:00:00Z'), 'Asia/Kolkata', 365);
    expect(kolkata.days).toHaveLength(365);
    const { from, to } = hourRange(kolkata);
    let counted = 0;
    foldHours(
      kolkata,
      Array.from({ length: to - from }, (_, i) => ({ hour: from + i })),
      () => (counted += 1),
    );
    expect(counted).toBe(to - from);
  });
});
