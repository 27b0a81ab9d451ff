import type { RouteTableOptions } from '../client/routes';
import type { Config } from './config';
import type { Database } from './db/connection';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { MediaStore } from './media/mediaStore';
import type { SmsSender } from './sms/sender';
import type { PageViewCounter } from './content/pageViews';
import type { RenderCache } from './render/cache/renderCache';
import type { AssetManifest } from './render/manifest';
import type { PdfExporter } from './pdf/pdfExporter';
import type { Newsletter } from './newsletter/startNewsletter';
import type { WechatPay } from './payments/wechatpay/wechatPay';
import type { Alipay } from './payments/alipay/alipay';
import type { PaymentPause } from './payments/paymentPause';

/** What createApp() (server/app.ts) is given: the configuration, and the parts a process or a test makes itself. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  manifest: AssetManifest;
  /** The embedded backend's database; absent in proxy mode (`API_UPSTREAM`). */
  database?: Database;
  mailer: Mailer;
  /** Where the SMS page's codes go; made from SMS_WEBHOOK_URL or DATA_DIR/outbox when absent. */
  sms?: SmsSender;
  /** The clock (tests move it to expire sessions and tokens). */
  now?: () => number;
  /** Sign-in and password-reset attempts per window and address; anonymous article reads per minute and address (`pageViews`). */
  limits?: { signIn: number; reset: number; contact?: number; redeem?: number; search?: number; pageViews?: number };
  /** Routes a test mounts beside the real table (an unknown guard, a throwing loader). */
  extraRoutes?: RouteTableOptions['extraRoutes'];
  /** The page-view counter (the process entry stops and flushes it at shutdown); one is made when absent. */
  pageViews?: PageViewCounter;
  /** The render cache of anonymous pages; one is made from the configuration when absent, `false` for none. */
  renderCache?: RenderCache | false;
  /** Where uploads are stored; DATA_DIR/media on this machine when absent. */
  media?: MediaStore;
  /** The PDF export queue; one is made from the configuration when absent. */
  pdfExporter?: PdfExporter;
  /** The newsletter's links and sender (docs/decisions/072); one is made from the configuration when absent. */
  newsletter?: Newsletter;
  /**
   * WeChat Pay (docs/decisions/037); one is made when the configuration has it and this is absent.
   * Its sweep starts with the app (the process entry stops it at shutdown).
   */
  wechatPay?: WechatPay;
  /** Alipay (docs/decisions/044); one is made when the configuration has it and this is absent. Its sweep starts with the app. */
  alipay?: Alipay;
  /** A test seam: holds a wallet payment with its order locked (server/payments/paymentPause.ts). */
  paymentPause?: PaymentPause;
  /** This worker's id in cluster mode, the `worker` label of its metrics; '0' without a primary. */
  workerId?: string;
}
