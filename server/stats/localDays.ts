import { BoundedMemo } from '../../shared/boundedMemo';
import { HOUR_MS } from './statsTriggers';

/**
 * The local days of a stats page (docs/decisions/074): `count` calendar days in `timeZone` ending
 * with the one `now` falls in, and each day's start as an instant, the next day's start last. The
 * stats rows are UTC hours; an hour belongs to the local day its start falls in, which is exact for
 * every zone whose offset is whole hours (Asia/Shanghai, DST zones included), and puts the hour
 * across midnight of a half- or quarter-hour zone into the day it starts in.
 */
export interface LocalDays {
  days: string[];
  /** `days.length + 1` instants (epoch ms): day i is [starts[i], starts[i + 1]). */
  starts: number[];
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a zone, as if that wall time were UTC (epoch ms, to the minute). */
function wallTime(at: number, timeZone: string): number {
  const part = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const { type, value } of formatFor(timeZone).formatToParts(at)) if (type in part) part[type as keyof typeof part] = Number(value);
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute);
}

/** The zone's offset from UTC at an instant, in ms (Asia/Shanghai: +8 h). */
export function zoneOffset(at: number, timeZone: string): number {
  return wallTime(at, timeZone) - (at - (((at % 60_000) + 60_000) % 60_000));
}

/** Days' starts already worked out, per zone and day: a year's page asks for 366 of them, each an Intl call or two. */
const midnights = new BoundedMemo<string, number>(50_000);

/** The instant a local calendar day (`Date.UTC` of its midnight) starts in the zone. */
export function localMidnight(dayUtc: number, timeZone: string): number {
  return midnights.get(`${timeZone} ${dayUtc}`, () => {
    const first = dayUtc - zoneOffset(dayUtc, timeZone);
    return dayUtc - zoneOffset(first, timeZone);
  });
}

/** The `count` local days ending with today in `timeZone`. */
export function localDays(now: number, timeZone: string, count: number): LocalDays {
  const today = new Date(wallTime(now, timeZone));
  const [year, month, date] = [today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()];
  const days: string[] = [];
  const starts: number[] = [];
  for (let i = count - 1; i >= -1; i--) {
    const dayUtc = Date.UTC(year, month, date - i);
    if (i >= 0) days.push(new Date(dayUtc).toISOString().slice(0, 10));
    starts.push(localMidnight(dayUtc, timeZone));
  }
  return { days, starts };
}

/** The UTC hours (epoch hours) of the days' rows: from `from`, before `to`. */
export function hourRange(local: LocalDays): { from: number; to: number } {
  const first = local.starts[0] ?? 0;
  const end = local.starts[local.starts.length - 1] ?? first;
  return { from: Math.ceil(first / HOUR_MS), to: Math.ceil(end / HOUR_MS) };
}

/**
 * Adds hourly rows, in ascending hour order, to their local days: `add(dayIndex, row)` for each row
 * inside the days.
 */
export function foldHours<Row extends { hour: number }>(local: LocalDays, rows: readonly Row[], add: (day: number, row: Row) => void): void {
  let day = 0;
  for (const row of rows) {
    const at = row.hour * HOUR_MS;
    if (at < (local.starts[0] ?? Infinity)) continue;
    while (day < local.days.length && at >= (local.starts[day + 1] ?? Infinity)) day += 1;
    if (day >= local.days.length) break;
    add(day, row);
  }
}
