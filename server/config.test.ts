import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.siteName).toBe('Zine');
    expect(config.secure).toBe(false);
  });

  it('runs one worker per core in production, one process otherwise, and /metrics only with a token (decision 048)', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test' }).webConcurrency).toBe(1);
    expect(loadConfig({ NODE_ENV: 'production' }).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ NODE_ENV: 'production', WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ NODE_ENV: 'production', WEB_CONCURRENCY: '' }).webConcurrency).toBe(os.availableParallelism());
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '0123456789abcdef' }).metricsToken).toBe('0123456789abcdef');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it('knows an https origin is secure', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://zine.example/' });
    expect(config.secure).toBe(true);
    expect(config.publicOrigin).toBe('https://zine.example');
  });

  it('mails feedback to OPERATOR_EMAIL, else the operator at the public host', () => {
    expect(loadConfig({}).operatorEmail).toBe('operator@localhost');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://zine.example' }).operatorEmail).toBe('operator@zine.example');
    expect(loadConfig({ OPERATOR_EMAIL: 'desk@zine.example' }).operatorEmail).toBe('desk@zine.example');
    expect(() => loadConfig({ OPERATOR_EMAIL: 'nobody' })).toThrow(/OPERATOR_EMAIL/);
  });

  it('takes WeChat credentials in pairs, with WeChat’s hosts as defaults', () => {
    expect(loadConfig({}).wechat).toEqual({ openBase: 'https://open.weixin.qq.com', apiBase: 'https://api.weixin.qq.com', timeoutMs: 5000 });
    const config = loadConfig({
      WECHAT_MP_APP_ID: 'wx1234567890abcdef',
      WECHAT_MP_APP_SECRET: '0123456789abcdef0123456789abcdef',
      WECHAT_API_BASE: 'http://127.0.0.1:9/',
    });
    expect(config.wechat.mp).toEqual({ appId: 'wx1234567890abcdef', secret: '0123456789abcdef0123456789abcdef' });
    expect(config.wechat.web).toBeUndefined();
    expect(config.wechat.apiBase).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ WECHAT_WEB_APP_ID: 'wx1234567890abcdef' })).toThrow(/WECHAT_WEB_APP_SECRET/);
    expect(() => loadConfig({ WECHAT_MP_APP_ID: 'not-an-app', WECHAT_MP_APP_SECRET: '0123456789abcdef' })).toThrow(/WECHAT_MP_APP_ID/);
  });

  it('refuses bad values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'not a url' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('takes a folder URL for the built client, without its trailing slash (decision 036)', () => {
    expect(loadConfig({}).assetBaseUrl).toBeUndefined();
    expect(loadConfig({ ASSET_BASE_URL: 'https://cdn.example.com/zine/static/' }).assetBaseUrl).toBe('https://cdn.example.com/zine/static');
    expect(() => loadConfig({ ASSET_BASE_URL: 'https://cdn.example.com/static?v=1' })).toThrow(/ASSET_BASE_URL/);
    expect(() => loadConfig({ ASSET_BASE_URL: 'ftp://cdn.example.com/static' })).toThrow(/ASSET_BASE_URL/);
  });

  it('takes sandbox payments only in development and tests unless the operator turns them on (decisions 028, 060)', () => {
    expect(loadConfig({}).paymentsSandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).paymentsSandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://zine.example' }).paymentsSandbox).toBe(false);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://zine.example', PAYMENTS_SANDBOX: '' }).paymentsSandbox).toBe(false);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://zine.example', PAYMENTS_SANDBOX: '1' }).paymentsSandbox).toBe(true);
    expect(loadConfig({ PAYMENTS_SANDBOX: '0' }).paymentsSandbox).toBe(false);
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'yes' })).toThrow(/PAYMENTS_SANDBOX/);
  });

  it('never turns the sandbox on by itself in production without PUBLIC_ORIGIN, and says why (decision 060)', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.paymentsSandbox).toBe(false);
    expect(production.paymentsSandboxOffWithoutOrigin).toBe(true);
    const blank = loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: '', PAYMENTS_SANDBOX: '' });
    expect(blank.paymentsSandbox).toBe(false);
    expect(blank.paymentsSandboxOffWithoutOrigin).toBe(true);
    // Only the operator's explicit 1 turns it on there; an explicit 0 needs no warning.
    const demo = loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' });
    expect(demo.paymentsSandbox).toBe(true);
    expect(demo.paymentsSandboxOffWithoutOrigin).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '0' }).paymentsSandboxOffWithoutOrigin).toBe(false);
    const live = loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://zine.example' });
    expect(live.paymentsSandbox).toBe(false);
    expect(live.paymentsSandboxOffWithoutOrigin).toBe(false);
    for (const nodeEnv of ['development', 'test']) {
      const config = loadConfig({ NODE_ENV: nodeEnv });
      expect(config.paymentsSandbox, nodeEnv).toBe(true);
      expect(config.paymentsSandboxOffWithoutOrigin, nodeEnv).toBe(false);
    }
  });

  it('takes WeChat Pay all or nothing, keys as PEM or a path, and then leaves the sandbox off by default (decision 037)', () => {
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const privatePem = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const publicPem = platform.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zine-wxpay-')), 'apiclient_key.pem');
    fs.writeFileSync(keyFile, privatePem);
    const full = {
      WECHATPAY_MCHID: '1900000109',
      WECHATPAY_APPID: 'wx1234567890abcdef',
      WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PRIVATE_KEY: keyFile,
      WECHATPAY_PLATFORM_PUBLIC_KEY: publicPem.replace(/\n/g, '\\n'),
      WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0119000001092024000000000001',
      WECHATPAY_API_V3_KEY: 'a'.repeat(32),
      WECHATPAY_NOTIFY_ORIGIN: 'https://pay.zine.example/',
    };
    expect(loadConfig({}).wechatPay).toBeUndefined();
    const config = loadConfig(full);
    expect(config.wechatPay).toMatchObject({
      mchid: '1900000109',
      appId: 'wx1234567890abcdef',
      privateKeyPem: privatePem,
      platformPublicKeyPem: publicPem,
      notifyOrigin: 'https://pay.zine.example',
      baseUrl: 'https://api.mch.weixin.qq.com',
    });
    expect(config.paymentsSandbox).toBe(false);
    expect(loadConfig({ ...full, PAYMENTS_SANDBOX: '1' }).paymentsSandbox).toBe(true);
    expect(loadConfig({ ...full, WECHATPAY_NOTIFY_ORIGIN: '', PUBLIC_ORIGIN: 'https://zine.example' }).wechatPay?.notifyOrigin).toBe('https://zine.example');
    expect(loadConfig({ ...full, WECHATPAY_BASE_URL: 'http://127.0.0.1:9/' }).wechatPay?.baseUrl).toBe('http://127.0.0.1:9');
    // Withdrawals go through transfer bills unless the merchant still has the batches (decision 064).
    expect(config.wechatPay?.transferApi).toBe('bills');
    expect(loadConfig({ ...full, WECHATPAY_TRANSFER_API: 'batches' }).wechatPay?.transferApi).toBe('batches');
    expect(() => loadConfig({ ...full, WECHATPAY_TRANSFER_API: 'batch' })).toThrow(/WECHATPAY_TRANSFER_API/);

    expect(() => loadConfig({ ...full, WECHATPAY_API_V3_KEY: '' })).toThrow(/all of .*missing: WECHATPAY_API_V3_KEY/);
    expect(() => loadConfig({ WECHATPAY_MCHID: '1900000109' })).toThrow(/WECHATPAY_APPID/);
    expect(() => loadConfig({ ...full, WECHATPAY_API_V3_KEY: 'short' })).toThrow(/WECHATPAY_API_V3_KEY: must be the 32-byte API v3 key/);
    expect(() => loadConfig({ ...full, WECHATPAY_NOTIFY_ORIGIN: '' })).toThrow(/WECHATPAY_NOTIFY_ORIGIN or PUBLIC_ORIGIN/);
    expect(() => loadConfig({ ...full, WECHATPAY_PRIVATE_KEY: '/nonexistent/key.pem' })).toThrow(/WECHATPAY_PRIVATE_KEY: cannot read/);
    expect(() => loadConfig({ ...full, WECHATPAY_PLATFORM_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\ngarbage\\n-----END PUBLIC KEY-----' })).toThrow(
      /WECHATPAY_PLATFORM_PUBLIC_KEY: must be an RSA public key/,
    );
    expect(() => loadConfig({ ...full, WECHAT_MP_APP_ID: 'wxabcdef1234567890', WECHAT_MP_APP_SECRET: '0123456789abcdef0123456789abcdef' })).toThrow(
      /WECHATPAY_APPID: must be WECHAT_MP_APP_ID/,
    );
  });

  const merchantPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const platformPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const wechatPayBase = {
    WECHATPAY_MCHID: '1900000109',
    WECHATPAY_APPID: 'wx1234567890abcdef',
    WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PRIVATE_KEY: merchantPem,
    WECHATPAY_API_V3_KEY: 'a'.repeat(32),
    PUBLIC_ORIGIN: 'https://zine.example',
  };
  const publicKeyMode = { WECHATPAY_PLATFORM_PUBLIC_KEY: platformPem, WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0119000001092024000000000001' };

  it('verifies WeChat Pay by its public key, its platform certificates, or both during a move (decision 065)', () => {
    expect(loadConfig({ ...wechatPayBase, ...publicKeyMode }).wechatPay).toMatchObject({
      platformSerial: publicKeyMode.WECHATPAY_PLATFORM_SERIAL,
      platformCertificates: false,
    });
    const certificates = loadConfig({ ...wechatPayBase, WECHATPAY_PLATFORM_CERTIFICATES: '1' }).wechatPay;
    expect(certificates?.platformCertificates).toBe(true);
    expect(certificates?.platformPublicKeyPem).toBeUndefined();
    expect(loadConfig({ ...wechatPayBase, ...publicKeyMode, WECHATPAY_PLATFORM_CERTIFICATES: '1' }).wechatPay).toMatchObject({
      platformPublicKeyPem: platformPem.trim(),
      platformCertificates: true,
    });
    expect(() => loadConfig(wechatPayBase)).toThrow(/WECHATPAY_PLATFORM_PUBLIC_KEY: WeChat Pay needs .* or WECHATPAY_PLATFORM_CERTIFICATES=1/);
    expect(() => loadConfig({ ...wechatPayBase, WECHATPAY_PLATFORM_CERTIFICATES: '0' })).toThrow(/WECHATPAY_PLATFORM_CERTIFICATES=1/);
    expect(() => loadConfig({ ...wechatPayBase, WECHATPAY_PLATFORM_PUBLIC_KEY: platformPem, WECHATPAY_PLATFORM_CERTIFICATES: '1' })).toThrow(
      /WECHATPAY_PLATFORM_SERIAL: WECHATPAY_PLATFORM_PUBLIC_KEY and WECHATPAY_PLATFORM_SERIAL .* are set together/,
    );
    expect(() => loadConfig({ WECHATPAY_PLATFORM_CERTIFICATES: '1' })).toThrow(/WeChat Pay takes all of .* missing: WECHATPAY_MCHID/);
  });

  it('refuses an http notify origin for WeChat Pay or Alipay, except a loopback one outside production (decision 065)', () => {
    const wechat = { ...wechatPayBase, ...publicKeyMode };
    const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const alipay = {
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_SELLER_ID: '2088000000000001',
      ALIPAY_PRIVATE_KEY: alipayKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ALIPAY_PUBLIC_KEY: alipayKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      PUBLIC_ORIGIN: 'https://zine.example',
    };
    expect(() => loadConfig({ ...wechat, WECHATPAY_NOTIFY_ORIGIN: 'http://pay.zine.example' })).toThrow(
      'WECHATPAY_NOTIFY_ORIGIN: WeChat Pay posts its notifications to https only: http://pay.zine.example is not',
    );
    expect(() => loadConfig({ ...wechat, PUBLIC_ORIGIN: 'http://zine.example' })).toThrow('PUBLIC_ORIGIN: WeChat Pay posts its notifications to https only');
    expect(() => loadConfig({ ...alipay, ALIPAY_NOTIFY_ORIGIN: 'http://pay.zine.example' })).toThrow(
      'ALIPAY_NOTIFY_ORIGIN: Alipay posts its notifications to https only',
    );
    expect(() => loadConfig({ ...alipay, PUBLIC_ORIGIN: 'http://zine.example' })).toThrow('PUBLIC_ORIGIN: Alipay posts its notifications to https only');
    // Where the local stand-ins post: a loopback host, outside production only.
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000']) {
      expect(loadConfig({ ...wechat, NODE_ENV: 'test', WECHATPAY_NOTIFY_ORIGIN: origin }).wechatPay?.notifyOrigin).toBe(origin);
      expect(loadConfig({ ...alipay, NODE_ENV: 'development', ALIPAY_NOTIFY_ORIGIN: origin }).alipay?.notifyOrigin).toBe(origin);
      expect(() => loadConfig({ ...wechat, NODE_ENV: 'production', WECHATPAY_NOTIFY_ORIGIN: origin })).toThrow(/https only/);
      expect(() => loadConfig({ ...alipay, NODE_ENV: 'production', ALIPAY_NOTIFY_ORIGIN: origin })).toThrow(/https only/);
    }
    // Without a provider, an http PUBLIC_ORIGIN is nobody's notify origin.
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://zine.example' }).publicOrigin).toBe('http://zine.example');
  });
});
