import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed newsletter link may do: confirm the address (double opt-in) or unsubscribe. */
export type LinkPurpose = 'confirm' | 'unsubscribe';

const PURPOSE_LETTER: Record<LinkPurpose, string> = { confirm: 'c', unsubscribe: 'u' };
const SIGNATURE_CHARS = 27;
const TOKEN = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{27})$/;

/**
 * Signs and checks the links of newsletter mails: `<subscription id>.<HMAC>`, under the secret in
 * DATA_DIR every process shares (server/dataDirSecret.ts). They never expire: an unsubscribe
 * link in a year-old mail still works, and it can only ever do its one thing to its one subscription.
 */
export class NewsletterLinks {
  constructor(private readonly secret: Buffer) {}

  sign(purpose: LinkPurpose, subscriptionId: number): string {
    return `${subscriptionId}.${this.signature(purpose, subscriptionId)}`;
  }

  /** The subscription a token was signed for, or null for anything else. */
  verify(purpose: LinkPurpose, token: string): number | null {
    const match = TOKEN.exec(token);
    if (!match?.[1] || !match[2]) return null;
    const id = Number(match[1]);
    if (!Number.isSafeInteger(id)) return null;
    const expected = Buffer.from(this.signature(purpose, id));
    const given = Buffer.from(match[2]);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  }

  private signature(purpose: LinkPurpose, id: number): string {
    return createHmac('sha256', this.secret).update(`newsletter:${PURPOSE_LETTER[purpose]}:${id}`).digest('base64url').slice(0, SIGNATURE_CHARS);
  }
}
