import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, knownTimeZone, usualTimeZone } from './readerDates';

const EVENING = Date.UTC(2026, 10, 18, 20, 5, 0);

describe('readerDates', () => {
  it('writes a moment as the day and time of the zone it is read in', () => {
    expect(formatDayTime(EVENING, 'UTC')).toBe('2026-11-18 20:05');
    expect(formatDayTime(EVENING, 'Asia/Shanghai')).toBe('2026-11-19 04:05');
    expect(formatDay(EVENING, 'America/Los_Angeles')).toBe('2026-11-18');
    expect(formatDay(EVENING, 'Asia/Taipei')).toBe('2026-11-19');
    // Midnight is 00, never 24.
    expect(formatDayTime(Date.UTC(2026, 0, 1, 16, 0), 'Asia/Shanghai')).toBe('2026-01-02 00:00');
  });

  it('renders a page first in its language’s usual zone', () => {
    expect(usualTimeZone('en')).toBe('UTC');
    expect(usualTimeZone('zh-CN')).toBe('Asia/Shanghai');
    expect(usualTimeZone('zh-TW')).toBe('Asia/Taipei');
  });

  it('takes only zone names Intl knows', () => {
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(knownTimeZone('Mars/Olympus')).toBeNull();
    expect(knownTimeZone('<script>')).toBeNull();
    expect(knownTimeZone(undefined)).toBeNull();
    expect(knownTimeZone('x'.repeat(100))).toBeNull();
  });
});
