import express, { Router, type Response } from 'express';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import { linkPageHtml, type LinkPage } from './newsletterLinks/document';
import { confirmSubscription, subscriptionView, unsubscribe, type SubscriptionView } from '../newsletter/subscriptions';
import type { LinkPurpose, NewsletterLinks } from '../newsletter/tokens';

export interface LinkPagesDeps {
  db: Kysely<DB>;
  links: NewsletterLinks;
  siteName: string;
  now: () => number;
}

/**
 * The pages of the newsletter's signed links, answered without sign-in. A GET only shows a
 * button (mail scanners open links); the POST does it. `POST /newsletter/unsubscribe/{token}/`
 * is also the one-click unsubscribe of RFC 8058 (body `List-Unsubscribe=One-Click`), so the
 * path takes no CSRF token: the signed token is the authority, and it can only stop mail.
 */
export function newsletterLinkPages(deps: LinkPagesDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });

  route('confirm', async (view, post) => {
    if (post) view = await confirmSubscription(deps.db, view.id, deps.now());
    if (view.status === 'active') return { text: 'page.confirmed', button: null };
    if (view.status === 'pending') return { text: 'page.confirmQuestion', button: { label: 'page.confirmButton', id: 'newsletter-confirm' } };
    return view.status === 'bounced' ? { text: 'page.bounced', button: null } : { text: 'page.unsubscribed', button: null };
  });
  route('unsubscribe', async (view, post) => {
    if (post) view = await unsubscribe(deps.db, view.id, deps.now());
    if (view.status === 'pending' || view.status === 'active') {
      return { text: 'page.unsubscribeQuestion', button: { label: 'page.unsubscribeButton', id: 'newsletter-unsubscribe' } };
    }
    return view.status === 'bounced' ? { text: 'page.bounced', button: null } : { text: 'page.unsubscribed', button: null };
  });
  return router;

  function route(purpose: LinkPurpose, answer: (view: SubscriptionView, post: boolean) => Promise<Pick<LinkPage, 'text' | 'button'>>): void {
    const path = `/newsletter/${purpose}/:token/`;
    const handle = (post: boolean) => async (req: express.Request, res: Response) => {
      const locale = res.locals.locale;
      const id = await deps.links.verify(purpose, String(req.params.token));
      const view = id === null ? null : await subscriptionView(deps.db, id).catch(notFoundAsNull);
      if (!view) {
        send(res, 404, { locale, siteName: deps.siteName, author: null, email: '', text: 'page.invalid', button: null });
        return;
      }
      const shown = await answer(view, post);
      const after = post ? await subscriptionView(deps.db, view.id) : view;
      send(res, 200, { locale, siteName: deps.siteName, author: after.author, email: after.email, ...shown });
    };
    router.get(path, handle(false));
    router.post(path, form, handle(true));
  }
}

function send(res: Response, status: number, page: LinkPage): void {
  res.status(status).set('Cache-Control', 'no-store').type('html').send(linkPageHtml(page));
}

function notFoundAsNull(error: unknown): null {
  if (error instanceof DomainError && error.kind === 'not_found') return null;
  throw error;
}
