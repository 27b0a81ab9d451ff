import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed newsletter link may do: confirm the address (double opt-in) or unsubscribe. */
export type LinkPurpose = 'confirm' | 'unsubscribe';

const PURPOSE_LETTER: Record<LinkPurpose, string> = { confirm: 'c', unsubscribe: 'u' };
const SIGNATURE_CHARS = 27;
const TOKEN = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{27})$/;

/**
 * Signs and checks the links of newsletter mails: `<subscription id>.<HMAC>`, under a key the
 * whole fleet shares (`site_secrets`, server/db/siteSecret.ts), read once. They never expire: an
 * unsubscribe link in a year-old mail still works, and it can only ever do its one thing to its one subscription.
 */
export class NewsletterLinks {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly readKey: () => Promise<Buffer>) {}

  async sign(purpose: LinkPurpose, subscriptionId: number): Promise<string> {
    return `${subscriptionId}.${await this.signature(purpose, subscriptionId)}`;
  }

  /** The subscription a token was signed for, or null for anything else. */
  async verify(purpose: LinkPurpose, token: string): Promise<number | null> {
    const match = TOKEN.exec(token);
    if (!match?.[1] || !match[2]) return null;
    const id = Number(match[1]);
    if (!Number.isSafeInteger(id)) return null;
    const expected = Buffer.from(await this.signature(purpose, id));
    const given = Buffer.from(match[2]);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  }

  private async signature(purpose: LinkPurpose, id: number): Promise<string> {
    this.key ??= this.readKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return createHmac('sha256', await this.key)
      .update(`newsletter:${PURPOSE_LETTER[purpose]}:${id}`)
      .digest('base64url')
      .slice(0, SIGNATURE_CHARS);
  }
}
