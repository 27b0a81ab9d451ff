import type { Kysely } from 'kysely';
import { normaliseLocaleTag, TEXT_LOCALES, textLocale, type TextLocale } from '../../shared/locale';
import type { DB } from '../db/schema';
import { ClaimLoop } from '../jobs/claimLoop';
import { queueWorkerId } from '../jobs/queueWorkerId';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { articleMailTemplate, mailArticle, type MailTemplate } from './articleMail';
import { claimDueSends, markBounced, markRetry, markSending, markSent, markSkipped, releaseClaims, type SendClaim } from './sendQueue';
import type { NewsletterLinks } from './tokens';

export interface NewsletterSenderOptions {
  db: Kysely<DB>;
  /** SMTP_URL's pooled transport, or the outbox. */
  mailer: Mailer;
  links: NewsletterLinks;
  /** Where the mails' links point (PUBLIC_ORIGIN, else the site origin). */
  origin: string;
  siteName: string;
  /** Mails a second this process sends at most (NEWSLETTER_RATE). */
  ratePerSecond: number;
  now: () => number;
  logger: Logger;
  /** How often start() looks for mails queued elsewhere (default 2 s). */
  pollMs?: number;
  /** Mails claimed at once (default: five seconds' worth, 50 to 500). */
  batchSize?: number;
  /** Mails in flight at once over the pool (default 4). */
  concurrency?: number;
  /** A claim older than this is a dead worker's (default 10 min: longer than any batch takes). */
  leaseMs?: number;
  /** Tries a mail gets against 4xx answers and lost connections (default 5). */
  maxAttempts?: number;
  /** The wait before the nth retry (default 1 min, doubling, at most 1 h). */
  backoffMs?: (attempt: number) => number;
  workerId?: string;
}

const POLL_MS = 2000;
const LEASE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;

/** The language a subscription's mails are written in (the one it was made in). */
function readerLocale(locale: string | undefined): TextLocale {
  return textLocale(normaliseLocaleTag(locale) ?? 'en');
}

/** 1 min, 2, 4, 8, … at most an hour. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** What SMTP's refusal means: a 5xx to the recipient or the message is a hard bounce; anything else may pass later. */
export function isHardBounce(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, command } = error as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && (command === 'RCPT TO' || command === 'DATA');
}

/**
 * The newsletter's sender (docs/decisions/072): mails are rows of newsletter_sends, shared by
 * every process on the database. A process claims a batch with one UPDATE, marks each mail
 * 'sending' right before handing it to SMTP and 'sent' once accepted, paced at NEWSLETTER_RATE;
 * a 4xx or a lost connection retries with backoff, a 5xx bounces the subscription.
 */
export class NewsletterSender {
  private readonly workerId: string;
  private readonly loop: ClaimLoop<SendClaim[]>;
  /** When the next mail may start: the rate's pacing across batches. */
  private nextSlot = 0;

  constructor(private readonly options: NewsletterSenderOptions) {
    this.workerId = queueWorkerId(options.workerId);
    this.loop = new ClaimLoop<SendClaim[]>({
      claim: async () => {
        const claims = await claimDueSends(options.db, {
          workerId: this.workerId,
          now: options.now(),
          leaseMs: options.leaseMs ?? LEASE_MS,
          limit: this.batchSize,
        });
        return claims.length > 0 ? claims : null;
      },
      work: (claims) => this.sendBatch(claims),
      logger: options.logger,
      claimFailed: 'newsletter: could not claim mails',
      workFailed: 'newsletter: a batch could not be recorded',
    });
  }

  start(): void {
    if (this.loop.stopped) return;
    this.loop.poll(this.options.pollMs ?? POLL_MS);
    this.loop.wake();
  }

  /** Looks for due mails now (an article was just queued by this process). */
  wake(): void {
    this.loop.wake();
  }

  /** Resolves when this process has nothing left to claim (tests, shutdown). */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /** Stops claiming, finishes the mails in flight, hands the rest of the batch back, closes SMTP. */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.options.mailer.close();
  }

  private get batchSize(): number {
    return this.options.batchSize ?? Math.min(500, Math.max(50, Math.ceil(this.options.ratePerSecond * 5)));
  }

  private async sendBatch(claims: SendClaim[]): Promise<void> {
    const { db, origin, siteName } = this.options;
    // Each article's mail is rendered once a batch and language, then filled in per address.
    const templates = new Map<string, MailTemplate | null>();
    for (const id of new Set(claims.map((claim) => claim.articleId))) {
      const article = await mailArticle(db, id, origin);
      for (const locale of TEXT_LOCALES) templates.set(`${id} ${locale}`, article && articleMailTemplate(article, locale, siteName));
    }
    const subscriptions = new Map(
      (
        await db
          .selectFrom('newsletter_subscriptions')
          .select(['id', 'email', 'locale', 'status'])
          .where(
            'id',
            'in',
            claims.map((claim) => claim.subscriptionId),
          )
          .execute()
      ).map((row) => [row.id, row]),
    );
    const queue = [...claims];
    const worker = async () => {
      for (let claim = queue.shift(); claim; claim = queue.shift()) {
        if (this.loop.stopped) {
          queue.unshift(claim);
          return;
        }
        const subscription = subscriptions.get(claim.subscriptionId);
        const template = templates.get(`${claim.articleId} ${readerLocale(subscription?.locale)}`) ?? null;
        if (!template) await markSkipped(db, claim, 'the article is no longer public');
        else if (!subscription || subscription.status !== 'active') await markSkipped(db, claim, 'the subscription stopped');
        else await this.sendOne(claim, template, subscription);
      }
    };
    await Promise.all(Array.from({ length: this.options.concurrency ?? 4 }, worker));
    // Stopped half-way: the untried rest goes back to the queue at once.
    await releaseClaims(db, queue);
  }

  private async sendOne(claim: SendClaim, template: MailTemplate, subscription: { id: number; email: string; locale: string }): Promise<void> {
    const { db, now, logger, mailer } = this.options;
    await this.paced();
    if (!(await markSending(db, claim, now()))) return;
    const message = template({
      email: subscription.email,
      locale: readerLocale(subscription.locale),
      unsubscribeUrl: `${this.options.origin}/newsletter/unsubscribe/${await this.options.links.sign('unsubscribe', subscription.id)}/`,
    });
    try {
      await mailer.send(message);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (isHardBounce(error)) {
        logger.warn({ subscriptionId: subscription.id, err: error }, 'newsletter: hard bounce, the subscription stops');
        await markBounced(db, claim, text, now());
        return;
      }
      const attempt = claim.attempts + 1;
      const maxAttempts = this.options.maxAttempts ?? MAX_ATTEMPTS;
      logger.warn({ sendId: claim.id, attempt, err: error }, 'newsletter: SMTP did not take a mail');
      await markRetry(db, claim, text, attempt >= maxAttempts ? null : now() + (this.options.backoffMs ?? defaultBackoffMs)(attempt));
      return;
    }
    await markSent(db, claim, now());
  }

  /** Waits for this mail's turn under NEWSLETTER_RATE. */
  private async paced(): Promise<void> {
    const interval = 1000 / this.options.ratePerSecond;
    const at = Date.now();
    const slot = Math.max(at, this.nextSlot);
    this.nextSlot = slot + interval;
    if (slot > at) await new Promise((resolve) => setTimeout(resolve, slot - at));
  }
}
