/**
 * Dates show in the reader's time zone (docs/decisions/068). The server cannot know it, so a page is
 * rendered in the usual zone of its language and the browser moves every date to its own zone once
 * the page has hydrated (client/components/ReaderTimeZone.tsx): both sides render the same first.
 */
const USUAL_TIME_ZONES: Readonly<Record<string, string>> = { 'zh-CN': 'Asia/Shanghai', 'zh-TW': 'Asia/Taipei', en: 'UTC' };

/** The zone a page in this language is rendered in before the reader's own is known. */
export function usualTimeZone(locale: string): string {
  return USUAL_TIME_ZONES[locale] ?? 'UTC';
}

/** A zone name Intl knows, or null (a tampered or unknown one). */
export function knownTimeZone(name: string | undefined): string | null {
  if (!name || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** The numeric parts of a moment in a zone. */
function partsIn(at: number, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partFormats.set(timeZone, format);
  }
  const parts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of format.formatToParts(at)) if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  return parts;
}

/** A day as lists and notices write it, in the zone: `2026-11-19`. */
export function formatDay(at: number, timeZone: string): string {
  const { year, month, day } = partsIn(at, timeZone);
  return `${year}-${month}-${day}`;
}

/** A moment as the wallet and orders list it, in the zone: `2026-11-19 04:05`. */
export function formatDayTime(at: number, timeZone: string): string {
  const { year, month, day, hour, minute } = partsIn(at, timeZone);
  return `${year}-${month}-${day} ${hour}:${minute}`;
}

/** The year of a moment in a zone. */
export function yearIn(at: number, timeZone: string): string {
  return partsIn(at, timeZone).year;
}
