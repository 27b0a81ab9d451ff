/**
 * The providers' day (docs/decisions/070): WeChat Pay and Alipay cut their bills at midnight in
 * China (UTC+8, no daylight saving), whatever the server's zone. Pure.
 */

const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A China day as the providers name it: 'YYYY-MM-DD'. */
export type ChinaDate = string;

/** Whether the text is a real calendar date written YYYY-MM-DD. */
export function isChinaDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(at).toISOString().slice(0, 10) === text;
}

/** The China day an instant falls in. */
export function chinaDateOf(ms: number): ChinaDate {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instants a China day spans: [start, end). */
export function chinaDayBounds(date: ChinaDate): { start: number; end: number } {
  if (!isChinaDate(date)) throw new Error(`not a date: ${date}`);
  const start = Date.parse(`${date}T00:00:00+08:00`);
  return { start, end: start + DAY_MS };
}

/** The China day `days` after (or before, negative) this one. */
export function addChinaDays(date: ChinaDate, days: number): ChinaDate {
  return chinaDateOf(chinaDayBounds(date).start + days * DAY_MS);
}

/** Yesterday in China: the last day whose bills can be asked for. */
export function chinaYesterday(now: number): ChinaDate {
  return addChinaDays(chinaDateOf(now), -1);
}

/** Milliseconds since midnight in China. */
export function chinaTimeOfDay(ms: number): number {
  return (((ms + CHINA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
}

/** A provider's 'yyyy-MM-dd HH:mm:ss' in China time as an instant (NaN when it is not one). */
export function chinaTimestamp(text: string): number {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? Date.parse(`${text.replace(' ', 'T')}+08:00`) : Number.NaN;
}
