import type { Database } from '../../server/db/connection';
import { siteSecret } from '../../server/db/siteSecret';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { NewsletterSender, type NewsletterSenderOptions } from '../../server/newsletter/newsletterSender';
import type { Newsletter } from '../../server/newsletter/startNewsletter';
import { NewsletterLinks } from '../../server/newsletter/tokens';

export const NEWSLETTER_ORIGIN = 'http://zine.test';

/** One process's newsletter over `database`, mailing through `smtpUrl` (the stand-in), quick to poll and retry. */
export function newsletterWith(database: Database, smtpUrl: string, options: Partial<NewsletterSenderOptions> = {}): Newsletter {
  const origin = options.origin ?? NEWSLETTER_ORIGIN;
  const links = new NewsletterLinks(() => siteSecret(database.db, 'newsletter-links', Date.now()));
  const sender = new NewsletterSender({
    db: database.db,
    mailer: createMailer({ smtpUrl, outboxDir: '', from: 'Zine <no-reply@zine.test>', pooledConnections: 2 }),
    links,
    origin,
    siteName: 'Zine',
    ratePerSecond: 1000,
    now: Date.now,
    logger: createLogger({ logLevel: 'silent' }),
    pollMs: 25,
    backoffMs: () => 20,
    ...options,
  });
  return { links, sender, origin };
}
