/** What kind of answer a row measures: its p95 target follows from it. */
export type Kind = 'page' | 'api' | 'search' | 'file';

/** p95 targets in milliseconds on the large database. */
export const P95_TARGET_MS: Record<Kind, number> = { page: 20, api: 20, search: 50, file: 200 };

/** From the process's start to its first answered request, on the large database. */
export const STARTUP_TARGET_MS = 5000;
/** The product's full search index rebuild over the large database. */
export const REINDEX_TARGET_S = 120;
/** Requests a second at 50 connections on the large database, as a share of the demo's. */
export const LOAD_RATIO_TARGET = 0.5;

export function targetLabel(kind: Kind): string {
  return `p95 ≤ ${P95_TARGET_MS[kind]} ms`;
}
