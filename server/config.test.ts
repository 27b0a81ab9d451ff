import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.siteName).toBe('Zine');
    expect(config.secure).toBe(false);
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

  it('takes sandbox payments only on the demo and in development unless the operator turns them on (decision 028)', () => {
    expect(loadConfig({}).paymentsSandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).paymentsSandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://zine.example' }).paymentsSandbox).toBe(false);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://zine.example', PAYMENTS_SANDBOX: '' }).paymentsSandbox).toBe(false);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://zine.example', PAYMENTS_SANDBOX: '1' }).paymentsSandbox).toBe(true);
    expect(loadConfig({ PAYMENTS_SANDBOX: '0' }).paymentsSandbox).toBe(false);
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'yes' })).toThrow(/PAYMENTS_SANDBOX/);
  });
});
