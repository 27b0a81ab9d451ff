import cookieParser from 'cookie-parser';
import express, { Router } from 'express';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { MediaStore } from '../media/mediaStore';
import { accountInfoRead, accountsRoutes } from './accounts/routes';
import { columnRead, columnRoutes } from './columns/routes';
import { commentRoutes } from './comments/routes';
import { contactRoutes } from './contact/routes';
import { publicArticlesRead } from './articles/publicListRead';
import { publicBookletsRead } from './booklets/publicListRead';
import { articleRead } from './articles/articleRead';
import { authoringRoutes } from './articles/authoringRoutes';
import { authoringListRoutes } from './articles/authoringList';
import { editorAssetRoutes } from './editorAssets/routes';
import { authenticate } from './auth';
import { bookletReads, bookletRoutes } from './booklets/routes';
import { serveRead, type PageRead } from './pageReads';
import { bookletEditRoutes, bookletManageRoutes } from './booklets/manageRoutes';
import { smsRoutes } from './sms/routes';
import { jsapiRoutes } from './wechat/jsapiRoutes';
import type { SmsSender } from '../sms/sender';
import type { JsapiSigner } from '../wechat/jsapiSigner';
import { csrfProtection } from './csrf';
import { socialRoutes } from './social/routes';
import { notificationRoutes } from './notifications/routes';
import { inProcessNotificationBus, type NotificationBus } from '../notifications/bus';
import { attachmentRoutes } from './attachments/routes';
import { trafficRoutes } from './traffic/routes';
import { apiErrorHandler } from './errors';
import { DEFAULT_OPERATOR_EMAIL } from '../config';
import { rejectNulCharacters } from './nulCharacters';
import { pdfRoutes } from './pdfs/routes';
import type { PdfExporter } from '../pdf/pdfExporter';
import { orderRoutes } from './payments/routes';
import { paymentCallbackRoutes } from './payments/callback';
import { wechatPayCallbackRoutes } from './payments/wechatPayCallback';
import type { WechatPay } from '../payments/wechatpay/wechatPay';
import type { Alipay } from '../payments/alipay/alipay';
import type { PaymentPause } from '../payments/paymentPause';
import { alipayCallbackRoutes } from './payments/alipayCallback';
import { webPayRoutes } from './payments/webPayRoutes';
import { membershipRoutes } from './accounts/membershipRoutes';
import { walletRoutes } from './wallet/routes';
import { pendingReferral, redeemRoutes } from './redeem/routes';
import { searchRoutes } from './search/routes';
import { articleNewsletterRoutes, newsletterRoutes } from './newsletter/routes';
import type { Newsletter } from '../newsletter/startNewsletter';
import { rateLimitStores, type RateLimitStores } from './throttle';
import type { PageViewCounting } from './pageViewCounting';
import { readRoutes } from './stats/readRoutes';
import { statsRoutes } from './stats/routes';

export interface ApiDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  now: () => number;
  origin: string;
  siteName: string;
  secure: boolean;
  /** Requests per window and address: sign-in and reset (15 min, 1 h), feedback (1 h), redeems (15 min), searches (1 min; default 60). */
  limits: { signIn: number; reset: number; contact?: number; redeem?: number; search?: number };
  /** Where feedback is mailed; OPERATOR_EMAIL. */
  operatorEmail?: string;
  /** Reports what fails after the answer went out (a feedback mail). */
  onBackgroundError?: (error: unknown, what: string) => void;
  /** Counts article reads against the authors' monthly page-view quotas, once a day per reader (absent: no quota). */
  pageViews?: PageViewCounting;
  /** Sends the SMS page's codes (a webhook, or files in the outbox). */
  sms: SmsSender;
  /** Signs pages for the WeChat JS-SDK; present with the official account's credentials. */
  wechatSigner?: JsapiSigner;
  /** PUBLIC_ORIGIN, when set: the only origin whose pages are signed. */
  publicOrigin?: string;
  /** Where uploaded images and booklet covers are stored (local disk or Qiniu). */
  media: MediaStore;
  /** The newsletter's links and sender (absent: the newsletter answers 503). */
  newsletter?: Newsletter;
  /** Renders PDF exports in the background (absent: export is unavailable). */
  pdfs?: PdfExporter;
  /** DATA_DIR: the payments sandbox keeps its signing key there. */
  dataDir?: string;
  /** PAYMENTS_SANDBOX (absent: on). */
  paymentsSandbox?: boolean;
  /** WECHAT_MP_APP_ID when configured: withdrawals pay that app's open ids (absent: sandbox payouts). */
  wechatPayoutAppId?: string;
  /** WeChat Pay API v3 when configured (docs/decisions/037): chat-app and Native pay, its notifications. */
  wechatPay?: WechatPay;
  /** Alipay when configured (docs/decisions/044): web pay, its notifications. */
  alipay?: Alipay;
  /** A test seam: holds a wallet payment with its order locked (server/payments/paymentPause.ts). */
  paymentPause?: PaymentPause;
  /** Where the limiters count; in the database (shared by every process on it) when absent. */
  rateLimits?: RateLimitStores;
  /** Tells the live notification streams of new notifications (decision 046); this process only when absent. */
  notificationBus?: NotificationBus;
  /** Live notification streams this process holds at most (docs/decisions/061); 1000 when absent. */
  notificationStreamsPerProcess?: number;
}

export interface EmbeddedApi {
  /** The `/api` routes, to mount under `/api`. */
  router: Router;
  /** The GETs page loaders make, which the server's rendering calls directly (pageReads.ts). */
  reads: PageRead[];
}

/**
 * The embedded backend: the `/api` contract of both seeds, one folder a domain.
 * It parses its own cookies and bodies (the proxy mode must see raw bodies).
 */
export function embeddedApi(given: ApiDeps): EmbeddedApi {
  const deps = {
    ...given,
    rateLimits: given.rateLimits ?? rateLimitStores(given.db, (error) => given.onBackgroundError?.(error, 'pruning rate limits')),
    notificationBus: given.notificationBus ?? inProcessNotificationBus(),
  };
  const reads = [accountInfoRead(deps), articleRead(deps), publicArticlesRead(deps), publicBookletsRead(deps), columnRead(deps), ...bookletReads(deps)];
  const api = Router();
  api.use(cookieParser());
  api.use(authenticate(deps.db, deps.now));
  if (deps.paymentsSandbox !== false) api.use('/payments/callback', paymentCallbackRoutes({ ...deps, dataDir: deps.dataDir ?? 'data' }));
  if (deps.wechatPay) api.use('/payments/callback', wechatPayCallbackRoutes({ wechatPay: deps.wechatPay }));
  if (deps.alipay) api.use('/payments/callback', alipayCallbackRoutes({ alipay: deps.alipay }));
  api.use(csrfProtection());
  api.use(express.json({ limit: '2mb' }));
  api.use(rejectNulCharacters());
  const redeem = { ...deps, limit: deps.limits.redeem ?? 20 };
  api.use(pendingReferral(redeem));
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  for (const read of reads) api.get(read.path, serveRead(read));
  api.use('/accounts', accountsRoutes(deps));
  api.use('/accounts', membershipRoutes(deps));
  api.use('/articles', authoringRoutes(deps));
  api.use('/articles', articleNewsletterRoutes(deps));
  api.use('/articles', readRoutes(deps));
  api.use('/editor/stats', statsRoutes(deps));
  api.use('/newsletter', newsletterRoutes(deps));
  api.use('/v2/articles', authoringListRoutes(deps));
  api.use(editorAssetRoutes(deps));
  const social = socialRoutes(deps);
  api.use('/columns', social.columns);
  api.use('/columns', columnRoutes(deps));
  api.use('/comments', commentRoutes(deps));
  api.use('/follow', social.follow);
  api.use('/booklets', bookletRoutes(deps));
  api.use('/booklets', bookletManageRoutes(deps));
  api.use('/booklet', bookletEditRoutes(deps));
  api.use('/sms', smsRoutes({ ...deps, onSendFailure: (error) => deps.onBackgroundError?.(error, 'text message') }));
  api.use('/wechat', jsapiRoutes(deps));
  api.use('/notification', notificationRoutes(deps));
  api.use('/attachments', attachmentRoutes(deps));
  api.use('/traffic', trafficRoutes(deps));
  api.use('/pdfs', pdfRoutes(deps));
  api.use('/payments/order', orderRoutes(deps));
  api.use('/payments/order', webPayRoutes(deps));
  api.use('/payments/wallet', walletRoutes(deps));
  api.use('/redeem', redeemRoutes(redeem));
  api.use('/search', searchRoutes({ ...deps, limit: deps.limits.search ?? 60 }));
  api.use(
    '/contact',
    contactRoutes({
      ...deps,
      operatorEmail: deps.operatorEmail ?? DEFAULT_OPERATOR_EMAIL,
      limit: deps.limits.contact ?? 5,
      onMailFailure: (error) => deps.onBackgroundError?.(error, 'feedback mail'),
    }),
  );

  api.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  api.use(apiErrorHandler());
  return { router: api, reads };
}
