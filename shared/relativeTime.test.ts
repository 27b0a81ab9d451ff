import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => relativeTime(NOW - ms, NOW, 'en', 'UTC', 'just now');

describe('relativeTime (docs/specification/shell.md §9)', () => {
  it('says just now under a minute', () => {
    expect(ago(59_000)).toBe('just now');
  });
  it('counts minutes, hours and days', () => {
    expect(ago(5 * 60_000)).toBe('5 minutes ago');
    expect(ago(3 * 3600_000)).toBe('3 hours ago');
    expect(ago(6 * 86400_000)).toBe('6 days ago');
  });
  it('gives a date after a week, with the year only when it is another year', () => {
    expect(ago(8 * 86400_000)).toBe('Nov 14');
    expect(relativeTime(Date.UTC(2025, 0, 3), NOW, 'en', 'UTC', 'just now')).toBe('Jan 3, 2025');
  });
  it('speaks the reader’s language', () => {
    expect(relativeTime(NOW - 3 * 3600_000, NOW, 'zh-CN', 'Asia/Shanghai', '刚刚')).toBe('3小时前');
    expect(relativeTime(NOW - 10_000, NOW, 'zh-TW', 'Asia/Taipei', '剛剛')).toBe('剛剛');
    expect(relativeTime(Date.UTC(2026, 2, 5), NOW, 'zh-TW', 'Asia/Taipei', '剛剛')).toBe('3月5日');
  });
  it('gives one day in every language for one reader: the day in their zone', () => {
    const evening = Date.UTC(2026, 10, 10, 20, 0, 0);
    expect(relativeTime(evening, NOW, 'en', 'Asia/Shanghai', 'just now')).toBe('Nov 11');
    expect(relativeTime(evening, NOW, 'zh-CN', 'Asia/Shanghai', '刚刚')).toBe('11月11日');
    expect(relativeTime(evening, NOW, 'en', 'America/New_York', 'just now')).toBe('Nov 10');
    expect(relativeTime(evening, NOW, 'zh-CN', 'America/New_York', '刚刚')).toBe('11月10日');
  });
});
