/** Addresses counted at once; past it, expired windows are dropped, and new addresses pass uncounted while it stays full. */
const MAX_ADDRESSES = 100_000;

interface Window {
  hits: number;
  resetAt: number;
}

/**
 * Requests per client address in fixed windows that start at an address's first request (as
 * express-rate-limit's memory store counts), kept in this process's memory and answered at once,
 * without a promise or a store: the page-view limit runs on the render cache's hit path
 * (docs/decisions/059). With several processes an address gets the limit in each, as with the
 * tracking endpoint's flood limit (docs/decisions/042).
 */
export class AddressLimit {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `address`: 0 while it is within the limit, else the seconds until its window ends. */
  hit(address: string): number {
    const now = this.now();
    let window = this.windows.get(address);
    if (window === undefined || window.resetAt <= now) {
      if (window === undefined && this.windows.size >= MAX_ADDRESSES && !this.dropExpired(now)) return 0;
      window = { hits: 0, resetAt: now + this.windowMs };
      this.windows.set(address, window);
    }
    window.hits += 1;
    return window.hits > this.limit ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : 0;
  }

  /** Drops the windows that have ended: whether there is room again. */
  private dropExpired(now: number): boolean {
    for (const [address, window] of this.windows) if (window.resetAt <= now) this.windows.delete(address);
    return this.windows.size < MAX_ADDRESSES;
  }
}
