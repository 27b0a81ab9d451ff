import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { NewsletterQueued, NewsletterSubscribers, NewsletterSubscriptionState } from '../../../shared/newsletter';
import type { DB } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { confirmationMail } from '../../newsletter/confirmationMail';
import { queueArticle } from '../../newsletter/sendQueue';
import type { Newsletter } from '../../newsletter/startNewsletter';
import { newsletterState, readerSubscription, subscribe, subscriberCount, unsubscribe } from '../../newsletter/subscriptions';
import { idOf } from '../articles/authoringSchemas';
import { requireUser } from '../auth';
import { ApiError } from '../errors';
import { readerLocale } from '../readerLocale';

export interface NewsletterRouteDeps {
  db: Kysely<DB>;
  now: () => number;
  mailer: Mailer;
  siteName: string;
  newsletter?: Newsletter;
  onBackgroundError?: (error: unknown, what: string) => void;
}

const authorName = z.string().trim().min(1).max(64);

/**
 * `/api/newsletter/`: a reader's opt-in to an author they follow (`authors/{name}/`: GET its state,
 * POST to opt in, DELETE to stop) and the author's own subscriber count (`subscribers/`).
 */
export function newsletterRoutes(deps: NewsletterRouteDeps): Router {
  const router = Router();
  router.get('/authors/:name/', async (req, res) => {
    const reader = requireUser(req);
    const subscription = await readerSubscription(deps.db, reader, nameOf(req.params.name));
    res.json({ state: newsletterState(subscription?.status) } satisfies NewsletterSubscriptionState);
  });
  router.post('/authors/:name/', async (req, res) => {
    const reader = requireUser(req);
    const newsletter = available(deps.newsletter);
    const locale = readerLocale(req);
    const outcome = await subscribe(deps.db, reader, nameOf(req.params.name), locale, deps.now());
    if (outcome.confirm) {
      const link = `${newsletter.origin}/newsletter/confirm/${await newsletter.links.sign('confirm', outcome.subscriptionId)}/`;
      // The answer does not wait on SMTP; a lost mail is asked for again with the same button.
      deps.mailer
        .send(confirmationMail({ email: reader.email, author: outcome.author.username, link, locale, siteName: deps.siteName }))
        .catch((error: unknown) => deps.onBackgroundError?.(error, 'newsletter confirmation mail'));
    }
    res.json({ state: newsletterState(outcome.status) } satisfies NewsletterSubscriptionState);
  });
  router.delete('/authors/:name/', async (req, res) => {
    const reader = requireUser(req);
    const subscription = await readerSubscription(deps.db, reader, nameOf(req.params.name));
    if (subscription) await unsubscribe(deps.db, subscription.id, deps.now());
    res.json({ state: 'none' } satisfies NewsletterSubscriptionState);
  });
  router.get('/subscribers/', async (req, res) => {
    const author = requireUser(req);
    res.json({ count: await subscriberCount(deps.db, author.id) } satisfies NewsletterSubscribers);
  });
  return router;
}

/** `POST /api/articles/{id}/newsletter/`: the author sends a public article to their subscribers (once each). */
export function articleNewsletterRoutes(deps: NewsletterRouteDeps): Router {
  const router = Router();
  router.post('/:id/newsletter/', async (req, res) => {
    const author = requireUser(req);
    const newsletter = available(deps.newsletter);
    const queued = await queueArticle(deps.db, author.id, idOf(req), deps.now());
    if (queued > 0) newsletter.sender.wake();
    res.json({ queued } satisfies NewsletterQueued);
  });
  return router;
}

function nameOf(param: unknown): string {
  const name = authorName.safeParse(param);
  if (!name.success) throw ApiError.detail(404, 'Not found.');
  return name.data;
}

function available(newsletter: Newsletter | undefined): Newsletter {
  if (!newsletter) throw ApiError.detail(503, 'The newsletter is not available here.');
  return newsletter;
}
