import { createHmac } from 'node:crypto';

/** A signed-in reader's key: their account, whatever address or browser they read from. */
export function accountReader(userId: number): string {
  return `u:${userId}`;
}

/**
 * An anonymous reader's key for one UTC day (docs/decisions/059): a keyed hash (HMAC-SHA256 under the
 * site's page-view secret) of the day, client address and user agent. The same browser at the same
 * address is one reader that day; the address itself is never stored, and without the secret no key
 * leads back to it or links one day's reader to the next.
 */
export class ReaderKeys {
  constructor(private readonly secret: Buffer) {}

  anonymous(address: string, userAgent: string, day: string): string {
    return `a:${this.digest(`reader\n${day}\n${address}\n${userAgent}`)}`;
  }

  /** The key of a client address for one UTC day, whatever browser reads from it: the views one address adds are capped. */
  address(address: string, day: string): string {
    return `s:${this.digest(`address\n${day}\n${address}`)}`;
  }

  private digest(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url').slice(0, 22);
  }
}
