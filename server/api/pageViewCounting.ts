import type { CountedRead, PageViewGate } from '../content/pageViews';
import type { PageViewReaders } from '../security/pageViewReaders';
import { ApiError } from './errors';
import type { ReadRequest } from './pageReads';

/** What an article read is counted with: the authors' quotas and who the reader is (docs/decisions/059). */
export interface PageViewCounting {
  gate: PageViewGate;
  readers: PageViewReaders;
}

/**
 * The read of an article a page read (`request`) makes, to count against its author's quota; none
 * without a quota or for the render cache's anonymous copy. An anonymous address past its limit is
 * answered 429 here, before anything is read or counted (the answer of server/api/throttle.ts).
 */
export function countedRead(counting: PageViewCounting | undefined, request: ReadRequest, now: number): CountedRead | undefined {
  if (!counting || request.uncounted) return undefined;
  const who = counting.readers.of(request.user?.id ?? null, request.address, request.header('user-agent'), now);
  if (who.retryAfterS > 0) throw ApiError.detail(429, `Request was throttled. Expected available in ${who.retryAfterS} seconds.`);
  return { gate: counting.gate, reader: who.reader, address: who.address };
}
