import type { ArticleVersionKind } from '../db/schema';

/** What thinning needs to know of a kept version. */
export interface VersionFacts {
  id: number;
  created_at: number;
  kind: ArticleVersionKind;
  published: boolean;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * How long autosaves stay at each spacing (docs/decisions/071): all of the last hour, the
 * newest of each hour for a day, of each day for 30 days, of each 30 days after that.
 * Buckets are aligned to the epoch, so the newest of a bucket stays its newest as time goes on.
 */
const TIERS: readonly { upTo: number; bucket: number }[] = [
  { upTo: HOUR, bucket: 0 },
  { upTo: DAY, bucket: HOUR },
  { upTo: 30 * DAY, bucket: DAY },
  { upTo: Number.POSITIVE_INFINITY, bucket: 30 * DAY },
];

/**
 * The autosaves to drop. Explicit saves, publications and restores stay for ever, as do the
 * newest version and the newest published one, whatever their kind.
 */
export function versionsToThin(versions: readonly VersionFacts[], now: number): number[] {
  if (versions.length === 0) return [];
  const sorted = [...versions].sort((a, b) => a.id - b.id);
  const newest = sorted[sorted.length - 1]?.id;
  const newestPublished = sorted.filter((v) => v.published).pop()?.id;
  const keptBuckets = new Set<string>();
  const drop: number[] = [];
  // Newest first: the first autosave seen in a bucket is the one kept.
  for (const version of sorted.reverse()) {
    if (version.kind !== 'autosave') continue;
    const age = now - version.created_at;
    const tier = TIERS.findIndex((t) => age <= t.upTo);
    const bucket = TIERS[tier]?.bucket ?? 0;
    if (bucket === 0) continue;
    const key = `${tier}:${Math.floor(version.created_at / bucket)}`;
    const kept = version.id === newest || version.id === newestPublished;
    if (keptBuckets.has(key) && !kept) drop.push(version.id);
    else keptBuckets.add(key);
  }
  return drop.sort((a, b) => a - b);
}
