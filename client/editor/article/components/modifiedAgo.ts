import type { TextLocale } from '../../../../shared/locale';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * '3 minutes ago' for the article list. The editor's own small copy: importing the reader's
 * helper would split it out of the reader pages' chunks and cost them bytes.
 */
export function modifiedAgo(at: number, now: number, locale: TextLocale): string {
  const elapsed = Math.max(0, now - at);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return format.format(0, 'second');
}
