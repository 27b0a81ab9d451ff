import { describe, expect, it } from 'vitest';
import { versionsToThin, type VersionFacts } from './versionThinning';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 28, 12);

function autosaves(times: readonly number[], first = 1): VersionFacts[] {
  return times.map((created_at, i) => ({ id: first + i, created_at, kind: 'autosave', published: false }));
}

describe('versionsToThin', () => {
  it('keeps every autosave of the last hour', () => {
    expect(versionsToThin(autosaves([NOW - 50 * MINUTE, NOW - 30 * MINUTE, NOW - MINUTE]), NOW)).toEqual([]);
  });

  it('keeps the newest autosave of each hour for a day, of each day for a month, of each 30 days after', () => {
    const hourStart = Math.floor((NOW - 5 * HOUR) / HOUR) * HOUR;
    const dayStart = Math.floor((NOW - 3 * DAY) / DAY) * DAY;
    const versions = autosaves([
      dayStart - 200 * DAY + 1,
      dayStart - 200 * DAY + 2,
      dayStart + MINUTE,
      dayStart + 2 * HOUR,
      hourStart + MINUTE,
      hourStart + 20 * MINUTE,
      NOW - 10 * MINUTE,
    ]);
    expect(versionsToThin(versions, NOW)).toEqual([1, 3, 5]);
  });

  it('never drops explicit saves, publications, restores, the newest version or the newest published one', () => {
    const old = NOW - 90 * DAY;
    const versions: VersionFacts[] = [
      { id: 1, created_at: old, kind: 'save', published: false },
      { id: 2, created_at: old + 1, kind: 'publish', published: true },
      { id: 3, created_at: old + 2, kind: 'autosave', published: true },
      { id: 4, created_at: old + 3, kind: 'restore', published: false },
      { id: 5, created_at: old + 4, kind: 'autosave', published: false },
      { id: 6, created_at: old + 5, kind: 'autosave', published: false },
    ];
    expect(versionsToThin(versions, NOW)).toEqual([5]);
  });
});
