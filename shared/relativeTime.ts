import { yearIn } from './readerDates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * docs/specification/shell.md §9: under a minute 'just now', then minutes, hours, days (under 7), then a
 * date with the year left out when it is this year's, both in the reader's zone (shared/readerDates.ts).
 */
export function relativeTime(at: number, now: number, locale: string, timeZone: string, justNow: string): string {
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return justNow;
  const rtf = relativeFormat(locale);
  if (elapsed < HOUR) return rtf.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return rtf.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return rtf.format(-Math.floor(elapsed / DAY), 'day');
  const sameYear = yearIn(at, timeZone) === yearIn(now, timeZone);
  return dateFormat(locale, timeZone, sameYear).format(at);
}

// Building an Intl formatter costs far more than using one: each is made once per locale and zone.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })));
  return format;
}

function dateFormat(locale: string, timeZone: string, sameYear: boolean): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${sameYear ? 'md' : 'ymd'}`;
  let format = dateFormats.get(key);
  if (!format)
    dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, { timeZone, year: sameYear ? undefined : 'numeric', month: 'short', day: 'numeric' })));
  return format;
}
