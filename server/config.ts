import { createPrivateKey, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { keyPem, readAlipayKey } from './payments/alipay/keys';
import { checkS3Settings, s3ConfigOf, s3Settings, type S3Config } from './s3Config';
import { paymentsSandboxSetting } from './paymentsSandbox';

const optionalUrl = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional());

const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const wechatAppId = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .regex(/^wx[0-9a-zA-Z]{8,32}$/, 'must be a WeChat AppID (wx…)')
    .optional(),
);
const wechatSecret = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .regex(/^[0-9a-zA-Z]{16,64}$/, 'must be a WeChat AppSecret')
    .optional(),
);

/** WeChat Pay API v3 (docs/decisions/037): these are set together or not at all, with a way to verify WeChat Pay (docs/decisions/065). */
const WECHATPAY_REQUIRED = ['WECHATPAY_MCHID', 'WECHATPAY_APPID', 'WECHATPAY_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_API_V3_KEY'] as const;
const optionalText = z.preprocess(blankIsAbsent, z.string().trim().min(1).optional());
/** Alipay (docs/decisions/044, 065): these are set together or not at all. */
const ALIPAY_REQUIRED = ['ALIPAY_APP_ID', 'ALIPAY_SELLER_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PUBLIC_ORIGIN: optionalUrl,
    SITE_NAME: z.string().trim().min(1).max(60).default('Zine'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    SMTP_URL: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).optional(),
    /** Where feedback from the popup is mailed. */
    OPERATOR_EMAIL: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.email().optional()),
    /** Another backend to serve `/api` (and the server's data calls) instead of the embedded one. */
    API_UPSTREAM: optionalUrl,
    /** The messaging service for `/api/notification/*`; defaults to the API's. */
    MESSAGE_UPSTREAM: optionalUrl,
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** Where tracking image requests go; defaults to the embedded `/log`. */
    LOG_ENDPOINT: optionalUrl,
    /** `demo` loads the demo content into an empty database; `none` leaves it empty. */
    SEED: z.enum(['demo', 'none']).default('demo'),
    /** Where the built client (hashed assets and manifest) lives. */
    CLIENT_DIR: z.string().trim().min(1).default('./dist/client'),
    /**
     * Where browsers fetch the built client (the editor kernel, the uploader, every page's scripts
     * and stylesheets) instead of this site's /static: a CDN serving CLIENT_DIR (docs/decisions/036).
     */
    ASSET_BASE_URL: optionalUrl.refine((url) => url === undefined || !/[?#]/.test(url), 'must be a folder URL, without ? or #'),
    /** Memory for finished pages of anonymous readers (docs/decisions/009); 0 turns the cache off. */
    RENDER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(40),
    /** How old a cached page may get: the staleness of its like, favourite and follower counts. */
    RENDER_CACHE_MAX_AGE_S: z.coerce.number().int().min(1).max(3600).default(30),
    /** The WeChat JS-SDK, loaded by pages inside the mini program only (its bridge). */
    WECHAT_JS_SDK_URL: z.url({ protocol: /^https?$/ }).default('https://res.wx.qq.com/open/js/jweixin-1.6.0.js'),
    /** Text messages of the SMS page go here (POST {to, text}); without it, to DATA_DIR/outbox/sms-*.txt. */
    SMS_WEBHOOK_URL: optionalUrl,
    /** The app's store pages, linked from /apps/download (absent: that store shows 'coming soon'). */
    IOS_APP_URL: optionalUrl,
    ANDROID_APP_URL: optionalUrl,
    /** WeChat open-platform web app (QR sign-in) and official account (in-app sign-in, JS-SDK); docs/decisions/017. */
    WECHAT_WEB_APP_ID: wechatAppId,
    WECHAT_WEB_APP_SECRET: wechatSecret,
    WECHAT_MP_APP_ID: wechatAppId,
    WECHAT_MP_APP_SECRET: wechatSecret,
    WECHAT_OPEN_BASE: z.url({ protocol: /^https?$/ }).default('https://open.weixin.qq.com'),
    WECHAT_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.weixin.qq.com'),
    WECHAT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** Qiniu object storage for uploads (docs/decisions/019): all four set together, else media stay in DATA_DIR/media. */
    QINIU_ACCESS_KEY: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .regex(/^[\w-]{16,64}$/, 'must be a Qiniu access key')
        .optional(),
    ),
    QINIU_SECRET_KEY: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .regex(/^[\w-]{16,64}$/, 'must be a Qiniu secret key')
        .optional(),
    ),
    QINIU_BUCKET: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{2,62}$/, 'must be a Qiniu bucket name')
        .optional(),
    ),
    /** The bucket's public domain, images are served from it: https://media.example.com */
    QINIU_DOMAIN: optionalUrl,
    QINIU_UPLOAD_URL: z.url({ protocol: /^https?$/ }).default('https://upload.qiniup.com'),
    /** An S3-compatible bucket for uploads and PDF exports (docs/decisions/047): server/s3Config.ts. */
    ...s3Settings,
    /**
     * Chromium for PDF exports (docs/decisions/020, 030). Unset: Debian's /usr/bin/chromium when
     * installed, else the one packaged in @sparticuz/chromium; set to a missing file: the packaged one.
     */
    CHROMIUM_PATH: z.preprocess(blankIsAbsent, z.string().trim().min(1).optional()),
    /** '0' turns PDF export off (the editor then says it is unavailable). */
    PDF_EXPORT: z.enum(['0', '1']).default('1'),
    /**
     * The sandbox payment provider (docs/decisions/025, 028, 060): '1' on, '0' off. Unset, it is on
     * in development and tests, and off on a live site (one that sets PUBLIC_ORIGIN) and in
     * production without PUBLIC_ORIGIN (server/paymentsSandbox.ts).
     */
    PAYMENTS_SANDBOX: z.preprocess(blankIsAbsent, z.enum(['0', '1']).optional()),
    /** WeChat Pay API v3 (docs/decisions/037): the merchant, its key and certificate serial, WeChat Pay's public key, the API v3 key. */
    WECHATPAY_MCHID: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .regex(/^\d{6,16}$/, 'must be a WeChat Pay merchant id (digits)')
        .optional(),
    ),
    WECHATPAY_APPID: wechatAppId,
    WECHATPAY_SERIAL_NO: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .regex(/^[0-9A-Fa-f]{8,64}$/, 'must be the merchant API certificate serial number (hex)')
        .optional(),
    ),
    /** A PEM, or the path of a PEM file. */
    WECHATPAY_PRIVATE_KEY: optionalText,
    WECHATPAY_PLATFORM_PUBLIC_KEY: optionalText,
    WECHATPAY_PLATFORM_SERIAL: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .regex(/^[\w-]{8,64}$/, 'must be the WeChat Pay public key id (PUB_KEY_ID_…)')
        .optional(),
    ),
    /** '1': certificate mode, WeChat Pay's platform certificates downloaded and renewed (docs/decisions/065); with the public key too, either verifies. */
    WECHATPAY_PLATFORM_CERTIFICATES: z.preprocess(blankIsAbsent, z.enum(['0', '1']).optional()),
    WECHATPAY_API_V3_KEY: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .refine((v) => Buffer.byteLength(v) === 32, 'must be the 32-byte API v3 key')
        .optional(),
    ),
    /** Where WeChat Pay posts its notifications (an https origin reachable from WeChat); defaults to PUBLIC_ORIGIN. */
    WECHATPAY_NOTIFY_ORIGIN: optionalUrl,
    WECHATPAY_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.mch.weixin.qq.com'),
    WECHATPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Which transfer product pays withdrawals (docs/decisions/064): transfer bills (商家转账), or the batches merchants onboarded before 15 January 2025 may still have. */
    WECHATPAY_TRANSFER_API: z.preprocess(blankIsAbsent, z.enum(['bills', 'batches']).default('bills')),
    /** Alipay web pay (docs/decisions/044): the app, its private key, Alipay's public key (each a PEM, bare base64 or a file path). */
    ALIPAY_APP_ID: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .regex(/^\d{8,32}$/, 'must be an Alipay open platform AppID (digits)')
        .optional(),
    ),
    /** The merchant's PID (2088…): a notification for another seller is refused (docs/decisions/065). */
    ALIPAY_SELLER_ID: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .regex(/^2088\d{12}$/, 'must be the Alipay merchant PID (2088 and 12 digits)')
        .optional(),
    ),
    ALIPAY_PRIVATE_KEY: optionalText,
    ALIPAY_PUBLIC_KEY: optionalText,
    ALIPAY_GATEWAY: z.url({ protocol: /^https?$/ }).default('https://openapi.alipay.com/gateway.do'),
    /** Where Alipay posts its notifications (reachable from the internet); defaults to PUBLIC_ORIGIN. */
    ALIPAY_NOTIFY_ORIGIN: optionalUrl,
    ALIPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Worker processes sharing the port (docs/decisions/048); unset: one per core in production, else 1. */
    WEB_CONCURRENCY: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(256).optional()),
    /** Live notification streams one process holds at most, every reader together (docs/decisions/061). */
    NOTIFICATION_STREAMS_PER_PROCESS: z.coerce.number().int().min(1).max(100_000).default(1000),
    /** Newsletter mails a second each sending process hands to SMTP_URL at most (docs/decisions/072). */
    NEWSLETTER_RATE: z.coerce.number().positive().max(10_000).default(10),
    /** Turns GET /metrics on, for a `Authorization: Bearer <token>` (docs/decisions/048); unset: 404. */
    METRICS_TOKEN: z.preprocess(blankIsAbsent, z.string().trim().min(16, 'must be at least 16 characters').optional()),
  })
  .superRefine((c, ctx) => {
    checkS3Settings(c, ctx);
    const qiniu = [c.QINIU_ACCESS_KEY, c.QINIU_SECRET_KEY, c.QINIU_BUCKET, c.QINIU_DOMAIN];
    if (qiniu.some(Boolean) && !qiniu.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['QINIU_ACCESS_KEY'],
        message: 'QINIU_ACCESS_KEY, QINIU_SECRET_KEY, QINIU_BUCKET and QINIU_DOMAIN are set together',
      });
    }
    for (const app of ['WEB', 'MP'] as const) {
      if (Boolean(c[`WECHAT_${app}_APP_ID`]) !== Boolean(c[`WECHAT_${app}_APP_SECRET`])) {
        ctx.addIssue({ code: 'custom', path: [`WECHAT_${app}_APP_SECRET`], message: `WECHAT_${app}_APP_ID and WECHAT_${app}_APP_SECRET are set together` });
      }
    }
    checkAlipay(c, ctx);
    checkNotifyOrigin(c, ctx, 'Alipay', 'ALIPAY_NOTIFY_ORIGIN', ALIPAY_REQUIRED);
    checkNotifyOrigin(c, ctx, 'WeChat Pay', 'WECHATPAY_NOTIFY_ORIGIN', WECHATPAY_REQUIRED);
    const wechatPaySet = WECHATPAY_REQUIRED.filter((name) => c[name] !== undefined);
    const platformSet = c.WECHATPAY_PLATFORM_PUBLIC_KEY !== undefined || c.WECHATPAY_PLATFORM_SERIAL !== undefined || c.WECHATPAY_PLATFORM_CERTIFICATES === '1';
    if ((wechatPaySet.length > 0 || platformSet) && wechatPaySet.length < WECHATPAY_REQUIRED.length) {
      const missing = WECHATPAY_REQUIRED.filter((name) => c[name] === undefined);
      ctx.addIssue({
        code: 'custom',
        path: [missing[0] ?? 'WECHATPAY_MCHID'],
        message: `WeChat Pay takes all of ${WECHATPAY_REQUIRED.join(', ')} or none; missing: ${missing.join(', ')}`,
      });
      return;
    }
    if (wechatPaySet.length === 0) return;
    checkWechatPayPlatform(c, ctx);
    if (!c.WECHATPAY_NOTIFY_ORIGIN && !c.PUBLIC_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHATPAY_NOTIFY_ORIGIN'],
        message: 'WeChat Pay needs WECHATPAY_NOTIFY_ORIGIN or PUBLIC_ORIGIN: where its notifications arrive',
      });
    }
    if (c.WECHAT_MP_APP_ID && c.WECHATPAY_APPID !== c.WECHAT_MP_APP_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHATPAY_APPID'],
        message: 'must be WECHAT_MP_APP_ID: the payment sign-in gives open ids of the official account, and WeChat Pay takes only its own app’s',
      });
    }
    for (const [name, kind] of [
      ['WECHATPAY_PRIVATE_KEY', 'private'],
      ['WECHATPAY_PLATFORM_PUBLIC_KEY', 'public'],
    ] as const) {
      const problem = pemProblem(c[name], kind);
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
    }
  });

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicOrigin: string | undefined;
  secure: boolean;
  siteName: string;
  dataDir: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  clientDir: string;
  /** ASSET_BASE_URL without its trailing slash; absent: this site's /static. */
  assetBaseUrl: string | undefined;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  operatorEmail: string;
  seed: 'demo' | 'none';
  apiUpstream: string | undefined;
  messageUpstream: string | undefined;
  upstreamTimeoutMs: number;
  renderCacheBytes: number;
  /** How far V8 lets the heap grow past what survived the last full collection, in percent (0: V8's own, up to 4×). */
  heapGrowthPercent: number;
  renderCacheMaxAgeMs: number;
  logEndpoint: string | undefined;
  wechatSdkUrl: string;
  smsWebhookUrl: string | undefined;
  appLinks: { ios?: string; android?: string };
  /** CHROMIUM_PATH, when set (server/pdf/chromiumExecutable.ts picks the browser). */
  chromiumPath: string | undefined;
  /** PDF_EXPORT: false turns export off. */
  pdfExport: boolean;
  /** The sandbox payment provider is on (server/paymentsSandbox.ts). */
  paymentsSandbox: boolean;
  /** Off only because NODE_ENV=production has no PUBLIC_ORIGIN and PAYMENTS_SANDBOX is unset: the start log warns (docs/decisions/060). */
  paymentsSandboxOffWithoutOrigin: boolean;
  wechat: WechatConfig;
  /** WeChat Pay API v3, when configured: the chat-app and Native (QR) pay (docs/decisions/037). */
  wechatPay?: WechatPayConfig;
  /** Alipay, when configured: web pay (page pay on desktop, wap pay on phones), docs/decisions/044. */
  alipay?: AlipayConfig;
  /** Qiniu storage for uploads; absent: DATA_DIR/media and this site's media host. */
  qiniu?: QiniuConfig;
  /** An S3-compatible bucket for uploads and PDF exports; absent: DATA_DIR (docs/decisions/047). */
  s3?: S3Config;
  /** Worker processes (WEB_CONCURRENCY); 1 runs the server in this process, without a primary. */
  webConcurrency: number;
  /** The bearer token GET /metrics wants; absent: /metrics is off (404). */
  metricsToken: string | undefined;
  /** Live notification streams one process holds at most (NOTIFICATION_STREAMS_PER_PROCESS); one more is a 429. */
  notificationStreamsPerProcess: number;
  /** Newsletter mails a second a process sends at most (NEWSLETTER_RATE). */
  newsletterRate: number;
}>;

export interface QiniuConfig {
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** The bucket's public origin. */
  domain: string;
  uploadUrl: string;
}

export interface WechatApp {
  appId: string;
  secret: string;
}

/** WeChat credentials: `web` signs in by QR code, `mp` inside the chat app and signs the JS-SDK. */
export interface WechatConfig {
  web?: WechatApp;
  mp?: WechatApp;
  openBase: string;
  apiBase: string;
  /** How long a call to WECHAT_API_BASE may take. */
  timeoutMs: number;
}

/** WeChat Pay API v3 (docs/decisions/037): the merchant's side of the protocol. */
export interface WechatPayConfig {
  mchid: string;
  /** The official account's AppID the payers' open ids belong to. */
  appId: string;
  /** The serial number of the merchant API certificate, named in every request's Authorization. */
  serialNo: string;
  /** The merchant API private key (PEM): signs requests and the chat-app pay parameters. */
  privateKeyPem: string;
  /** WeChat Pay's public key (PEM, public-key mode): verifies its answers and notifications signed under its id. */
  platformPublicKeyPem?: string | undefined;
  /** Its id (PUB_KEY_ID_…), named in Wechatpay-Serial both ways. */
  platformSerial?: string | undefined;
  /** Certificate mode: WeChat Pay's platform certificates, downloaded with GET /v3/certificates (docs/decisions/065); with a public key too, either verifies. */
  platformCertificates?: boolean | undefined;
  /** The API v3 key: decrypts the notifications' resource (AES-256-GCM). */
  apiV3Key: string;
  /** The origin WeChat Pay posts notifications to (no trailing slash). */
  notifyOrigin: string;
  /** https://api.mch.weixin.qq.com, or a stand-in (no trailing slash). */
  baseUrl: string;
  timeoutMs: number;
  /** WECHATPAY_TRANSFER_API: the product withdrawals are paid through (absent: bills, docs/decisions/064). */
  transferApi?: 'bills' | 'batches';
}

/** Alipay's open platform (docs/decisions/044): the app's side of the RSA2 protocol. */
export interface AlipayConfig {
  appId: string;
  /** The merchant's PID (2088…): a notification's seller_id must be it. */
  sellerId: string;
  /** The app's private key, PKCS#8 PEM: signs every request and page-pay URL. */
  privateKeyPem: string;
  /** Alipay's public key, SPKI PEM: verifies its answers and notifications. */
  alipayPublicKeyPem: string;
  /** https://openapi.alipay.com/gateway.do, the sandbox's, or a stand-in. */
  gateway: string;
  /** The origin Alipay posts notifications to (no trailing slash). */
  notifyOrigin: string;
  timeoutMs: number;
}

/** Reads the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const c = parsed.data;
  const wechatPay = wechatPayConfig(c);
  const alipay = alipayConfig(c);
  const sandbox = paymentsSandboxSetting({
    nodeEnv: c.NODE_ENV,
    publicOrigin: c.PUBLIC_ORIGIN,
    explicit: c.PAYMENTS_SANDBOX,
    realProvider: wechatPay !== undefined || alipay !== undefined,
  });
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    publicOrigin: c.PUBLIC_ORIGIN?.replace(/\/$/, ''),
    secure: c.PUBLIC_ORIGIN?.startsWith('https://') ?? false,
    siteName: c.SITE_NAME,
    dataDir: path.resolve(c.DATA_DIR),
    logLevel: c.LOG_LEVEL,
    clientDir: path.resolve(c.CLIENT_DIR),
    assetBaseUrl: c.ASSET_BASE_URL?.replace(/\/+$/, ''),
    databaseUrl: c.DATABASE_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM ?? `${c.SITE_NAME} <no-reply@${hostOf(c.PUBLIC_ORIGIN) ?? 'localhost'}>`,
    operatorEmail: c.OPERATOR_EMAIL ?? (hostOf(c.PUBLIC_ORIGIN) ? `operator@${hostOf(c.PUBLIC_ORIGIN)}` : DEFAULT_OPERATOR_EMAIL),
    seed: c.SEED,
    apiUpstream: c.API_UPSTREAM?.replace(/\/$/, ''),
    messageUpstream: c.MESSAGE_UPSTREAM?.replace(/\/$/, ''),
    upstreamTimeoutMs: c.UPSTREAM_TIMEOUT_MS,
    renderCacheBytes: c.RENDER_CACHE_MB * 1024 * 1024,
    heapGrowthPercent: c.HEAP_GROWTH_PERCENT,
    renderCacheMaxAgeMs: c.RENDER_CACHE_MAX_AGE_S * 1000,
    webConcurrency: c.WEB_CONCURRENCY ?? (c.NODE_ENV === 'production' ? availableParallelism() : 1),
    metricsToken: c.METRICS_TOKEN,
    notificationStreamsPerProcess: c.NOTIFICATION_STREAMS_PER_PROCESS,
    newsletterRate: c.NEWSLETTER_RATE,
    logEndpoint: c.LOG_ENDPOINT,
    wechatSdkUrl: c.WECHAT_JS_SDK_URL,
    smsWebhookUrl: c.SMS_WEBHOOK_URL,
    chromiumPath: c.CHROMIUM_PATH,
    pdfExport: c.PDF_EXPORT === '1',
    paymentsSandbox: sandbox.on,
    paymentsSandboxOffWithoutOrigin: sandbox.offForProductionWithoutOrigin,
    wechat: {
      ...(c.WECHAT_WEB_APP_ID && c.WECHAT_WEB_APP_SECRET ? { web: { appId: c.WECHAT_WEB_APP_ID, secret: c.WECHAT_WEB_APP_SECRET } } : {}),
      ...(c.WECHAT_MP_APP_ID && c.WECHAT_MP_APP_SECRET ? { mp: { appId: c.WECHAT_MP_APP_ID, secret: c.WECHAT_MP_APP_SECRET } } : {}),
      openBase: c.WECHAT_OPEN_BASE.replace(/\/$/, ''),
      apiBase: c.WECHAT_API_BASE.replace(/\/$/, ''),
      timeoutMs: c.WECHAT_TIMEOUT_MS,
    },
    ...(wechatPay ? { wechatPay } : {}),
    ...(alipay ? { alipay } : {}),
    appLinks: { ...(c.IOS_APP_URL ? { ios: c.IOS_APP_URL } : {}), ...(c.ANDROID_APP_URL ? { android: c.ANDROID_APP_URL } : {}) },
    ...(c.QINIU_ACCESS_KEY && c.QINIU_SECRET_KEY && c.QINIU_BUCKET && c.QINIU_DOMAIN
      ? {
          qiniu: {
            accessKey: c.QINIU_ACCESS_KEY,
            secretKey: c.QINIU_SECRET_KEY,
            bucket: c.QINIU_BUCKET,
            domain: new URL(c.QINIU_DOMAIN).origin,
            uploadUrl: c.QINIU_UPLOAD_URL.replace(/\/$/, ''),
          },
        }
      : {}),
    ...s3ConfigOf(c),
  };
}

function wechatPayConfig(c: z.infer<typeof schema>): WechatPayConfig | undefined {
  const { WECHATPAY_MCHID: mchid, WECHATPAY_APPID: appId, WECHATPAY_SERIAL_NO: serialNo, WECHATPAY_PLATFORM_SERIAL: platformSerial } = c;
  const { WECHATPAY_API_V3_KEY: apiV3Key, WECHATPAY_PRIVATE_KEY: privateKey, WECHATPAY_PLATFORM_PUBLIC_KEY: publicKey } = c;
  const notifyOrigin = c.WECHATPAY_NOTIFY_ORIGIN ?? c.PUBLIC_ORIGIN;
  const certificates = c.WECHATPAY_PLATFORM_CERTIFICATES === '1';
  if (!mchid || !appId || !serialNo || !apiV3Key || !privateKey || !notifyOrigin) return undefined;
  if (!(publicKey && platformSerial) && !certificates) return undefined;
  return {
    mchid,
    appId,
    serialNo: serialNo.toUpperCase(),
    privateKeyPem: readPem(privateKey),
    ...(publicKey && platformSerial ? { platformPublicKeyPem: readPem(publicKey), platformSerial } : {}),
    platformCertificates: certificates,
    apiV3Key,
    notifyOrigin: new URL(notifyOrigin).origin,
    baseUrl: c.WECHATPAY_BASE_URL.replace(/\/+$/, ''),
    timeoutMs: c.WECHATPAY_TIMEOUT_MS,
    transferApi: c.WECHATPAY_TRANSFER_API,
  };
}

function alipayConfig(c: z.infer<typeof schema>): AlipayConfig | undefined {
  const { ALIPAY_APP_ID: appId, ALIPAY_SELLER_ID: sellerId, ALIPAY_PRIVATE_KEY: privateKey, ALIPAY_PUBLIC_KEY: publicKey } = c;
  const notifyOrigin = c.ALIPAY_NOTIFY_ORIGIN ?? c.PUBLIC_ORIGIN;
  if (!appId || !sellerId || !privateKey || !publicKey || !notifyOrigin) return undefined;
  return {
    appId,
    sellerId,
    privateKeyPem: keyPem(readAlipayKey(privateKey, 'private')),
    alipayPublicKeyPem: keyPem(readAlipayKey(publicKey, 'public')),
    gateway: c.ALIPAY_GATEWAY,
    notifyOrigin: new URL(notifyOrigin).origin,
    timeoutMs: c.ALIPAY_TIMEOUT_MS,
  };
}

type AlipayEnv = Partial<Record<(typeof ALIPAY_REQUIRED)[number] | 'ALIPAY_NOTIFY_ORIGIN' | 'PUBLIC_ORIGIN', string>>;

/** Alipay's keys all or none, a notify origin, and keys that parse. */
function checkAlipay(c: AlipayEnv, ctx: Issues): void {
  const set = ALIPAY_REQUIRED.filter((name) => c[name] !== undefined);
  if (set.length === 0) return;
  if (set.length < ALIPAY_REQUIRED.length) {
    const missing = ALIPAY_REQUIRED.filter((name) => c[name] === undefined);
    ctx.addIssue({
      code: 'custom',
      path: [missing[0] ?? 'ALIPAY_APP_ID'],
      message: `Alipay takes all of ${ALIPAY_REQUIRED.join(', ')} or none; missing: ${missing.join(', ')}`,
    });
    return;
  }
  if (!c.ALIPAY_NOTIFY_ORIGIN && !c.PUBLIC_ORIGIN) {
    ctx.addIssue({
      code: 'custom',
      path: ['ALIPAY_NOTIFY_ORIGIN'],
      message: 'Alipay needs ALIPAY_NOTIFY_ORIGIN or PUBLIC_ORIGIN: where its notifications arrive',
    });
  }
  for (const [name, kind] of [
    ['ALIPAY_PRIVATE_KEY', 'private'],
    ['ALIPAY_PUBLIC_KEY', 'public'],
  ] as const) {
    const value = c[name];
    try {
      if (value !== undefined) readAlipayKey(value, kind);
    } catch (error) {
      const reason =
        error instanceof Error && error.message.startsWith('must') ? error.message : `must be an RSA ${kind} key (PEM or base64), or the path of one`;
      ctx.addIssue({ code: 'custom', path: [name], message: reason });
    }
  }
}

type Issues = { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void };

/** WeChat Pay verified by its public key (the key and its id together), its certificates, or both. */
function checkWechatPayPlatform(
  c: Partial<Record<'WECHATPAY_PLATFORM_PUBLIC_KEY' | 'WECHATPAY_PLATFORM_SERIAL' | 'WECHATPAY_PLATFORM_CERTIFICATES', string>>,
  ctx: Issues,
): void {
  const key = c.WECHATPAY_PLATFORM_PUBLIC_KEY !== undefined;
  const id = c.WECHATPAY_PLATFORM_SERIAL !== undefined;
  if (key !== id) {
    ctx.addIssue({
      code: 'custom',
      path: [key ? 'WECHATPAY_PLATFORM_SERIAL' : 'WECHATPAY_PLATFORM_PUBLIC_KEY'],
      message: 'WECHATPAY_PLATFORM_PUBLIC_KEY and WECHATPAY_PLATFORM_SERIAL (its PUB_KEY_ID_…) are set together',
    });
  } else if (!key && c.WECHATPAY_PLATFORM_CERTIFICATES !== '1') {
    ctx.addIssue({
      code: 'custom',
      path: ['WECHATPAY_PLATFORM_PUBLIC_KEY'],
      message: 'WeChat Pay needs WECHATPAY_PLATFORM_PUBLIC_KEY and WECHATPAY_PLATFORM_SERIAL, or WECHATPAY_PLATFORM_CERTIFICATES=1, or both',
    });
  }
}

/**
 * Both providers post notifications to https only: a configured provider's notify origin (its own,
 * else PUBLIC_ORIGIN) must be https. Outside production, http is let through on a loopback host,
 * where the local stand-ins post (docs/decisions/065).
 */
function checkNotifyOrigin(
  c: Readonly<Record<string, unknown>>,
  ctx: Issues,
  provider: string,
  name: 'ALIPAY_NOTIFY_ORIGIN' | 'WECHATPAY_NOTIFY_ORIGIN',
  required: readonly string[],
): void {
  if (!required.some((key) => c[key] !== undefined)) return;
  const source = c[name] !== undefined ? name : 'PUBLIC_ORIGIN';
  const origin = c[source];
  if (typeof origin !== 'string') return;
  const url = new URL(origin);
  if (url.protocol === 'https:') return;
  if (c.NODE_ENV !== 'production' && LOOPBACK_HOSTS.has(url.hostname)) return;
  ctx.addIssue({
    code: 'custom',
    path: [source],
    message: `${provider} posts its notifications to https only: ${origin} is not (http is allowed only for localhost, 127.0.0.1 or [::1] outside production)`,
  });
}

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A key given inline (PEM, newlines possibly written as \\n in a .env line) or as the path of a PEM file. */
function readPem(value: string): string {
  return value.startsWith('-----BEGIN') ? value.replace(/\\n/g, '\n') : fs.readFileSync(path.resolve(value), 'utf8');
}

function pemProblem(value: string | undefined, kind: 'private' | 'public'): string | null {
  if (value === undefined) return null;
  let pem: string;
  try {
    pem = readPem(value);
  } catch {
    return `cannot read the key file ${value}`;
  }
  try {
    const key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
    if (key.asymmetricKeyType !== 'rsa') return 'must be an RSA key';
    return null;
  } catch {
    return `must be an RSA ${kind} key in PEM, or the path of one`;
  }
}

/** Feedback's address when neither OPERATOR_EMAIL nor PUBLIC_ORIGIN says better. */
export const DEFAULT_OPERATOR_EMAIL = 'operator@localhost';

function hostOf(origin: string | undefined): string | undefined {
  return origin ? new URL(origin).hostname : undefined;
}

/** The origin links in mails point to. */
export function siteOrigin(config: Pick<Config, 'publicOrigin' | 'port'>): string {
  return config.publicOrigin ?? `http://localhost:${config.port}`;
}
