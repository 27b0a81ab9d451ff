import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlipayConfig, Config, WechatPayConfig } from '../../server/config';
import type { Database } from '../../server/db/connection';
import { seedDemo } from '../../server/startup/seed/demo';
import { createLogger, type Logger } from '../../server/logger';
import { Alipay } from '../../server/payments/alipay/alipay';
import { WechatPay } from '../../server/payments/wechatpay/wechatPay';
import { startAlipayStandIn, type AlipayStandIn } from './alipayStandIn';
import { testApp } from './testApp';
import { testDatabase } from './testDatabase';
import { startWechatPayStandIn, type WechatPayStandIn } from './wechatPayStandIn';

/** The official account's app: WeChat Pay takes only its open ids (docs/decisions/037). */
export const MP_APP_ID = 'wxmp00000000000001';
/** Where the payment sign-in sends the browser; a browser test answers it with page.route(). */
export const WECHAT_OPEN_BASE = 'https://open.wechat.test';

export interface LivePaymentSite {
  origin: string;
  database: Database;
  wechatPay: WechatPay;
  alipay: Alipay;
  wx: WechatPayStandIn;
  ali: AlipayStandIn;
  /** OAuth codes the WeChat stand-in exchanges for open ids: a test adds the ones its sign-in hands out. */
  oauthCodes: Record<string, string>;
  /** The merchant's key pair: the chat-app pay parameters verify with its public key. */
  merchantPublicKey: KeyObject;
  logger: Logger;
  close(): Promise<void>;
}

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

/**
 * The demo on a live site for real money: no sandbox, WeChat Pay (with the official account's
 * payment sign-in and the H5 product) and Alipay configured, their hosts the local stand-ins, listening on 127.0.0.1
 * so the stand-ins' notifications reach it. The sweeps are stopped: tests settle through the
 * notifications, the order polls and the return page.
 */
export async function startLivePaymentSite(): Promise<LivePaymentSite> {
  const oauthCodes: Record<string, string> = {};
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const wx = await startWechatPayStandIn({
    mchid: '1900000109',
    appId: MP_APP_ID,
    merchantPublicKey: merchant.publicKey,
    merchantSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    platformPrivateKey: platform.privateKey,
    platformSerial: 'PUB_KEY_ID_0119000001092024000000000001',
    apiV3Key: 'zine0test0api0v30key0abcdef01234',
    oauthCodes,
    // The H5 product, authorised for the site's host (docs/decisions/069).
    h5Domain: '127.0.0.1',
  });
  const ali = await startAlipayStandIn({ appId: '2021000000000001', appPublicKey: merchant.publicKey, alipayPrivateKey: alipayKeys.privateKey });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const wechatPayConfig: WechatPayConfig = {
    mchid: '1900000109',
    appId: MP_APP_ID,
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
    platformPublicKeyPem: pem(platform.publicKey, 'spki'),
    platformSerial: 'PUB_KEY_ID_0119000001092024000000000001',
    apiV3Key: 'zine0test0api0v30key0abcdef01234',
    notifyOrigin: origin,
    baseUrl: wx.origin,
    timeoutMs: 3000,
    // The withdrawal journey of tests/e2e/paymentProviders.test.ts walks the batch product; transfer
    // bills, the default, are walked by tests/http/payouts.test.ts (docs/decisions/064).
    transferApi: 'batches',
  };
  const alipayConfig: AlipayConfig = {
    appId: '2021000000000001',
    privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
    sellerId: '2088000000000001',
    alipayPublicKeyPem: pem(alipayKeys.publicKey, 'spki'),
    gateway: ali.gateway,
    notifyOrigin: origin,
    timeoutMs: 3000,
  };
  const config: Partial<Config> = {
    publicOrigin: origin,
    paymentsSandbox: false,
    wechatPay: wechatPayConfig,
    alipay: alipayConfig,
    wechat: { mp: { appId: MP_APP_ID, secret: 'mpsecret00000000000000000000001' }, openBase: WECHAT_OPEN_BASE, apiBase: wx.origin, timeoutMs: 3000 },
  };
  const logger = createLogger({ logLevel: 'silent' });
  const now = () => Date.now();
  const database = await testDatabase();
  const wechatPay = new WechatPay({ db: database.db, config: wechatPayConfig, now, logger, siteName: 'Zine' });
  const alipay = new Alipay({ db: database.db, config: alipayConfig, now, logger, siteName: 'Zine' });
  const { app } = await testApp({ config, deps: { database, wechatPay, alipay, now, limits: { signIn: 100, reset: 100 } } });
  await Promise.all([wechatPay.stopSweep(), alipay.stopSweep()]);
  server.on('request', app);
  await seedDemo(database.db, now);

  return {
    origin,
    database,
    wechatPay,
    alipay,
    wx,
    ali,
    oauthCodes,
    merchantPublicKey: merchant.publicKey,
    logger,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([wx.close(), ali.close()]);
    },
  };
}
