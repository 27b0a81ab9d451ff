import { isCrawler } from '../../shared/crawler';
import { quotaDay } from '../../shared/pageViewQuota';
import { AddressLimit } from './addressLimit';
import { accountReader, type ReaderKeys } from './readerKeys';

/** Anonymous readers whose day's key a process keeps before starting again. */
const KEPT_READER_KEYS = 10_000;

/** Anonymous article reads an address may make a minute (each process), unless the app is given another. */
export const DEFAULT_PAGE_VIEWS_PER_MINUTE = 120;

/**
 * Who an article read counts as (docs/decisions/059): a reader key to count once a day, `null` for a
 * read checked against the quota but never counted (a crawler), or the seconds an address over its
 * limit waits (the read is answered 429 and counts nothing). An anonymous reader's `address` is the
 * day's key of their address, made only when the counter asks (a new read).
 */
export interface ViewReader {
  reader: string | null;
  /** 0, or how long an address over its limit waits (then `reader` is null). */
  retryAfterS: number;
  address?: () => string;
}

export interface PageViewReadersOptions {
  keys: ReaderKeys;
  /** Anonymous article reads per address and minute. */
  perMinute?: number;
}

/**
 * Tells readers apart for the page-view quota: a signed-in reader by account, an anonymous one by a
 * daily keyed hash of address and user agent, crawlers not at all; anonymous reads past the
 * per-address limit are refused before they count. Cheap enough for a render-cache hit.
 */
export class PageViewReaders {
  private readonly limit: AddressLimit;
  /** The day's keys of the anonymous readers seen: one HMAC per reader a day, not one per read. */
  private keyed = { day: '', readers: new Map<string, string>() };

  constructor(private readonly options: PageViewReadersOptions) {
    this.limit = new AddressLimit(options.perMinute ?? DEFAULT_PAGE_VIEWS_PER_MINUTE, 60_000);
  }

  /** The read of a signed-in reader (`userId`) or an anonymous one from `address`, at `now` (the quota's clock). */
  of(userId: number | null, address: string | undefined, userAgent: string | undefined, now: number): ViewReader {
    if (isCrawler(userAgent)) return { reader: null, retryAfterS: 0 };
    if (userId !== null) return { reader: accountReader(userId), retryAfterS: 0 };
    const from = address ?? '';
    // The machine itself (a load test, a probe) is no flood: readers behind the trusted proxy are known by their forwarded address.
    const retryAfterS = isLoopback(from) ? 0 : this.limit.hit(from);
    if (retryAfterS > 0) return { reader: null, retryAfterS };
    const { keys } = this.options;
    const day = quotaDay(now);
    const agent = userAgent ?? '';
    if (this.keyed.day !== day || this.keyed.readers.size >= KEPT_READER_KEYS) this.keyed = { day, readers: new Map() };
    const seen = `${from}\n${agent}`;
    let reader = this.keyed.readers.get(seen);
    if (reader === undefined) {
      reader = keys.anonymous(from, agent, day);
      this.keyed.readers.set(seen, reader);
    }
    return { reader, retryAfterS: 0, address: () => keys.address(from, day) };
  }
}

/** An address of this machine: 127.0.0.0/8 or ::1, IPv4-mapped or not. */
export function isLoopback(address: string): boolean {
  return /^(?:::ffff:)?127\./.test(address) || address === '::1';
}
