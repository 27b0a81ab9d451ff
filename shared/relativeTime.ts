const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Dates show in the readers' usual zone for each language, the same on server and browser. */
const TIME_ZONES: Readonly<Record<string, string>> = { 'zh-CN': 'Asia/Shanghai', 'zh-TW': 'Asia/Taipei', en: 'UTC' };

/**
 * Seed 000 §9: under a minute 'just now', then minutes, hours, days (under 7), then a
 * date with the year left out when it is this year's.
 */
export function relativeTime(at: number, now: number, locale: string, justNow: string): string {
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return justNow;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (elapsed < HOUR) return rtf.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return rtf.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return rtf.format(-Math.floor(elapsed / DAY), 'day');
  const timeZone = TIME_ZONES[locale] ?? 'UTC';
  const sameYear = yearIn(at, timeZone) === yearIn(now, timeZone);
  return new Intl.DateTimeFormat(locale, { timeZone, year: sameYear ? undefined : 'numeric', month: 'short', day: 'numeric' }).format(at);
}

function yearIn(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(at);
}
