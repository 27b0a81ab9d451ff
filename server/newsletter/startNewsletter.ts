import path from 'node:path';
import type { Kysely } from 'kysely';
import { siteOrigin, type Config } from '../config';
import { siteSecret } from '../db/siteSecret';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { createMailer } from '../mail/mailer';
import { NewsletterSender } from './newsletterSender';
import { NewsletterLinks } from './tokens';

/** The newsletter's signed links and its sender, as the API, the link pages and shutdown use them. */
export interface Newsletter {
  links: NewsletterLinks;
  sender: NewsletterSender;
  /** Where the mails' links point. */
  origin: string;
}

/** SMTP connections the sender keeps open. */
const POOLED_CONNECTIONS = 4;

/**
 * The newsletter of the configuration (docs/decisions/072): links signed with the fleet's key
 * (`site_secrets`), mail through SMTP_URL's pooled transport (else the outbox), at NEWSLETTER_RATE;
 * the sender picks up what is due, whoever queued it, every 2 s.
 */
export function startNewsletter(options: { config: Config; db: Kysely<DB>; logger: Logger; now: () => number }): Newsletter {
  const { config } = options;
  const origin = siteOrigin(config);
  const links = new NewsletterLinks(() => siteSecret(options.db, 'newsletter-links', options.now()));
  const sender = new NewsletterSender({
    db: options.db,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      pooledConnections: POOLED_CONNECTIONS,
    }),
    links,
    origin,
    siteName: config.siteName,
    ratePerSecond: config.newsletterRate,
    now: options.now,
    logger: options.logger,
  });
  sender.start();
  return { links, sender, origin };
}
