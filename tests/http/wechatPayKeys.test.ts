import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { WechatPayConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { WechatPay } from '../../server/payments/wechatpay/wechatPay';
import { membershipOrder } from '../support/orders';
import { createPerson, PASSWORD } from '../support/people';
import { Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';
import { NEW_PLATFORM_CERTIFICATE as NEW, OLD_PLATFORM_CERTIFICATE as OLD } from '../support/wechatPayCertificates';
import { startWechatPayStandIn, type PlatformSigner } from '../support/wechatPayStandIn';

// WeChat Pay's platform keys (docs/decisions/065): the public key by its id, platform certificates
// downloaded and renewed, both at once during a move, against the stand-in on both engines.

const MCHID = '1900000109';
const APP_ID = 'wxmp00000000000001';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PUB_KEY_ID = 'PUB_KEY_ID_0119000001092024000000000001';
const API_V3_KEY = 'zine0test0api0v30key0abcdef01234';

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

describe('WeChat Pay platform keys and certificates (decision 065)', async () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeySigner: PlatformSigner = { privateKey: platform.privateKey, serial: PUB_KEY_ID };
  const signer = (certificate: typeof OLD): PlatformSigner => ({ privateKey: certificate.privateKey, serial: certificate.serial });
  const standIn = await startWechatPayStandIn({
    mchid: MCHID,
    appId: APP_ID,
    merchantPublicKey: merchant.publicKey,
    merchantSerial: MERCHANT_SERIAL,
    platformPrivateKey: platform.privateKey,
    platformSerial: PUB_KEY_ID,
    apiV3Key: API_V3_KEY,
    certificates: [OLD],
  });
  /** The protocol's wall clock: moved on to let a process download again. */
  let shift = 0;
  const clock = () => Date.now() + shift;
  const closing: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closing) await close();
    await standIn.close();
  });

  const publicKeyMode = { platformPublicKeyPem: pem(platform.publicKey, 'spki'), platformSerial: PUB_KEY_ID };

  /** A live site with WeChat Pay verified as `mode` says, listening (the stand-in posts notifications to it), and a buyer signed in. */
  async function site(mode: Partial<WechatPayConfig>, database?: Awaited<ReturnType<typeof testDatabase>>) {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closing.push(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const config: WechatPayConfig = {
      mchid: MCHID,
      appId: APP_ID,
      serialNo: MERCHANT_SERIAL,
      privateKeyPem: pem(merchant.privateKey, 'pkcs8'),
      apiV3Key: API_V3_KEY,
      notifyOrigin: origin,
      baseUrl: standIn.origin,
      timeoutMs: 3000,
      ...mode,
    };
    const db = database ?? (await testDatabase());
    const wechatPay = new WechatPay({ db: db.db, config, now: Date.now, logger: createLogger({ logLevel: 'silent' }), siteName: 'Zine', clock });
    const { app } = await testApp({ config: { publicOrigin: origin, paymentsSandbox: false, wechatPay: config }, deps: { database: db, wechatPay } });
    await wechatPay.stopSweep();
    server.on('request', app);
    const name = `buyer${closing.length}`;
    await createPerson(db, name);
    const buyer = new Visitor(app);
    expect((await buyer.signIn(`${name}@example.com`, PASSWORD)).status).toBe(200);
    const seen = standIn.requests.length;
    return {
      db: db.db,
      config,
      buyer,
      /** A Native order placed at WeChat Pay: the API's answer, and the order's ref and out_trade_no. */
      async placed() {
        const ref = (await buyer.post('/api/payments/order/', membershipOrder('vip_monthly_manual'))).body.id as string;
        const res = await buyer.get(`/api/payments/order/${ref}/wechat/native/`);
        const row = await db.db
          .selectFrom('wechatpay_orders')
          .innerJoin('orders', 'orders.id', 'wechatpay_orders.order_id')
          .select('out_trade_no')
          .where('orders.ref', '=', ref)
          .executeTakeFirst();
        return { res, ref, outTradeNo: row?.out_trade_no ?? '' };
      },
      /** A placed order the payer paid at WeChat Pay (no notification yet). */
      async paid() {
        const { res, ref, outTradeNo } = await this.placed();
        expect(res.status).toBe(200);
        standIn.pay(outTradeNo);
        return { ref, outTradeNo };
      },
      status: async (ref: string) => (await db.db.selectFrom('orders').select('status').where('ref', '=', ref).executeTakeFirstOrThrow()).status,
      stored: async () => (await db.db.selectFrom('wechatpay_certificates').select('serial_no').orderBy('serial_no').execute()).map((r) => r.serial_no),
      /** The calls this site made since it started (the stand-in serves every site of this file). */
      calls: () => standIn.requests.slice(seen),
    };
  }
  const downloads = () => standIn.requests.filter((r) => r.url === '/v3/certificates').length;

  // Certificate mode: one site, through a renewal.
  standIn.signWith(signer(OLD));
  const certSite = await site({ platformCertificates: true });

  it('downloads the certificates on first use, keeps them for the fleet, and names the certificate in every request', async () => {
    const { ref, outTradeNo } = await certSite.paid();
    expect(certSite.calls().map((r) => [r.method, r.url.split('?')[0], r.status, r.serial])).toEqual([
      ['GET', '/v3/certificates', 200, undefined],
      ['POST', '/v3/pay/transactions/native', 200, OLD.serial],
    ]);
    expect(await certSite.stored()).toEqual([OLD.serial]);
    expect(await standIn.notify(outTradeNo)).toEqual({ status: 204, body: '' });
    expect(await certSite.status(ref)).toBe('paid');
  });

  it('during a renewal takes notifications signed by the new certificate (after one download) and by the old one', async () => {
    standIn.certificates.push(NEW);
    standIn.signWith(signer(NEW));
    // Days later (a process downloads for an unknown serial at most once a minute).
    shift += 61_000;
    const before = downloads();
    const a = await certSite.paid();
    // The order's answer is signed by the new certificate: fetched once, then believed.
    expect(downloads()).toBe(before + 1);
    expect(await certSite.stored()).toEqual([OLD.serial, NEW.serial].sort());
    expect(await standIn.notify(a.outTradeNo)).toEqual({ status: 204, body: '' });
    const b = await certSite.paid();
    expect(await standIn.notify(b.outTradeNo, { signWith: OLD.privateKey, serial: OLD.serial })).toEqual({ status: 204, body: '' });
    expect([await certSite.status(a.ref), await certSite.status(b.ref)]).toEqual(['paid', 'paid']);
    expect(downloads()).toBe(before + 1);
    // Every call named a platform key WeChat Pay holds (the stand-in refuses any other with 400).
    expect(certSite.calls().filter((r) => r.status !== 200 && r.status !== 204)).toEqual([]);
    expect(certSite.calls().at(-1)?.serial).toBe(NEW.serial);
  });

  it('refuses a notification under a serial it cannot find, after one download a minute, and changes nothing', async () => {
    const { ref, outTradeNo } = await certSite.paid();
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    shift += 61_000;
    const before = downloads();
    const unknown = { signWith: stranger.privateKey, serial: '7F00000000000000000000000000000000000001' };
    expect((await standIn.notify(outTradeNo, unknown)).status).toBe(403);
    expect(downloads()).toBe(before + 1);
    expect((await standIn.notify(outTradeNo, unknown)).status).toBe(403);
    expect(downloads()).toBe(before + 1);
    expect(await certSite.status(ref)).toBe('pending');
    // The right serial with another key: no download (the serial is known), refused.
    expect((await standIn.notify(outTradeNo, { signWith: stranger.privateKey, serial: NEW.serial })).status).toBe(403);
    expect((await standIn.notify(outTradeNo, { signWith: OLD.privateKey, serial: NEW.serial })).status).toBe(403);
    expect(downloads()).toBe(before + 1);
    expect(await certSite.status(ref)).toBe('pending');
    expect(await standIn.notify(outTradeNo)).toEqual({ status: 204, body: '' });
    expect(await certSite.status(ref)).toBe('paid');
  });

  it('another process on the same database verifies with the certificates the first one stored, without downloading', async () => {
    const { ref, outTradeNo } = await certSite.paid();
    const other = new WechatPay({
      db: certSite.db,
      config: certSite.config,
      now: Date.now,
      logger: createLogger({ logLevel: 'silent' }),
      siteName: 'Zine',
      clock,
    });
    const before = downloads();
    const notification = standIn.notification(outTradeNo);
    const header = (name: string) => Object.entries(notification.headers).find(([key]) => key.toLowerCase() === name)?.[1];
    expect(await other.acceptNotification(header, notification.body)).toBe('fulfilled');
    expect(downloads()).toBe(before);
    expect(await certSite.status(ref)).toBe('paid');
  });

  it('with the public key and the certificates, takes either, and names the public key in requests', async () => {
    const both = await site({ ...publicKeyMode, platformCertificates: true });
    standIn.signWith(publicKeySigner);
    const a = await both.paid();
    expect(both.calls().map((r) => [r.url.split('?')[0], r.serial])).toEqual([['/v3/pay/transactions/native', PUB_KEY_ID]]);
    expect(await standIn.notify(a.outTradeNo)).toEqual({ status: 204, body: '' });
    const b = await both.paid();
    expect(await standIn.notify(b.outTradeNo, { signWith: NEW.privateKey, serial: NEW.serial })).toEqual({ status: 204, body: '' });
    expect([await both.status(a.ref), await both.status(b.ref)]).toEqual(['paid', 'paid']);
  });

  it('with the public key only, refuses a certificate’s signature and never downloads', async () => {
    const keyOnly = await site(publicKeyMode);
    standIn.signWith(publicKeySigner);
    const before = downloads();
    const { ref, outTradeNo } = await keyOnly.paid();
    expect((await standIn.notify(outTradeNo, { signWith: NEW.privateKey, serial: NEW.serial })).status).toBe(403);
    expect(await keyOnly.status(ref)).toBe('pending');
    expect(downloads()).toBe(before);
    expect(await standIn.notify(outTradeNo)).toEqual({ status: 204, body: '' });
  });

  it('a serial WeChat Pay does not hold is refused there: 502, nothing stored', async () => {
    const wrongId = await site({ ...publicKeyMode, platformSerial: 'PUB_KEY_ID_0119000001092024999999999999' });
    const refused = await wrongId.placed();
    expect(refused.res.status).toBe(502);
    expect(wrongId.calls().map((r) => [r.status, r.serial])).toEqual([[400, 'PUB_KEY_ID_0119000001092024999999999999']]);
    expect(await wrongId.db.selectFrom('wechatpay_orders').selectAll().execute()).toEqual([]);
  });

  it('a certificate download that does not decrypt is not believed: 502, nothing stored', async () => {
    standIn.signWith(signer(NEW));
    const wrongKey = await site({ platformCertificates: true, apiV3Key: 'another0api0v30key0abcdef0123456' });
    const garbled = await wrongKey.placed();
    expect(garbled.res.status).toBe(502);
    expect(wrongKey.calls().map((r) => r.url)).toEqual(['/v3/certificates']);
    expect(await wrongKey.stored()).toEqual([]);
    expect(await wrongKey.db.selectFrom('wechatpay_orders').selectAll().execute()).toEqual([]);
  });
});
