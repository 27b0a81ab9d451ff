import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import type { NewsletterLinks } from '../newsletter/tokens';
import { newsletterLinkPages } from './newsletterLinks';
import { sandboxPages } from './sandboxCheckout';
import { wechatSignInPages } from './wechatSignIn';

export interface ServerPagesDeps {
  config: Pick<Config, 'siteName' | 'wechat' | 'publicOrigin' | 'secure' | 'paymentsSandbox' | 'dataDir'>;
  db: Kysely<DB>;
  /** The newsletter's signed links (server/newsletter/tokens.ts). */
  links: NewsletterLinks;
  now: () => number;
}

/**
 * The embedded backend's own small pages, answered after cookies, locale and the CSRF cookie and
 * before the React pages: the newsletter's links, the sandbox checkout, the chat-app sign-in.
 */
export function serverPages(deps: ServerPagesDeps): Router {
  const { config, db, now } = deps;
  return Router().use(
    // The newsletter's confirm and unsubscribe links: no sign-in (docs/decisions/072).
    newsletterLinkPages({ db, links: deps.links, siteName: config.siteName, now }),
    sandboxPages({
      enabled: config.paymentsSandbox,
      db,
      now,
      dataDir: config.dataDir,
      publicOrigin: config.publicOrigin,
      wechatPaymentLogin: config.wechat.mp !== undefined,
    }),
    // Without the chat app's credentials these pages say that sign-in is not configured.
    wechatSignInPages({ siteName: config.siteName, wechat: config.wechat, publicOrigin: config.publicOrigin, secure: config.secure, db, now }),
  );
}
