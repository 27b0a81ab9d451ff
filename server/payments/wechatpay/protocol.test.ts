import { createCipheriv, generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authorization, chatAppPayParams, chinaTime, decryptResource, newNonce, signatureHeaders, verifyWechatPay } from './protocol';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';

describe('WeChat Pay API v3 signatures', () => {
  it('signs a request as METHOD\\nURL\\ntimestamp\\nnonce\\nbody\\n in the Authorization header', () => {
    const header = authorization(
      { mchid: '1900000109', serialNo: 'ABC123', privateKey: merchant.privateKey },
      { method: 'get', pathAndQuery: '/v3/pay/transactions/out-trade-no/x1?mchid=1900000109', body: '', timestamp: 1554208460, nonce: 'N0NCE' },
    );
    const match = /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="N0NCE",signature="([^"]+)",timestamp="1554208460",serial_no="ABC123"$/.exec(header);
    expect(match).not.toBeNull();
    const message = 'GET\n/v3/pay/transactions/out-trade-no/x1?mchid=1900000109\n1554208460\nN0NCE\n\n';
    expect(verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(match?.[1] ?? '', 'base64'))).toBe(true);
  });

  it('believes an answer only with WeChat Pay’s key, its serial and the exact body', () => {
    const body = '{"prepay_id":"wx1"}';
    const signature = sign('sha256', Buffer.from(`1700000000\nabc\n${body}\n`), platform.privateKey).toString('base64');
    const headers = signatureHeaders(
      (name) => ({ 'wechatpay-timestamp': '1700000000', 'wechatpay-nonce': 'abc', 'wechatpay-signature': signature, 'wechatpay-serial': 'PUB_KEY_ID_1' })[name],
    );
    expect(headers).not.toBeNull();
    if (!headers) return;
    const key = { publicKey: platform.publicKey, serial: 'PUB_KEY_ID_1' };
    expect(verifyWechatPay(key, headers, body)).toBe(true);
    expect(verifyWechatPay(key, headers, `${body} `)).toBe(false);
    expect(verifyWechatPay({ ...key, serial: 'PUB_KEY_ID_2' }, headers, body)).toBe(false);
    expect(verifyWechatPay({ ...key, publicKey: merchant.publicKey }, headers, body)).toBe(false);
    // WeChat Pay's probes of whether merchants check at all.
    expect(verifyWechatPay(key, { ...headers, signature: `WECHATPAY/SIGNTEST/${signature}` }, body)).toBe(false);
    expect(signatureHeaders(() => undefined)).toBeNull();
  });

  it('signs the chat-app pay parameters as appId\\ntimeStamp\\nnonceStr\\npackage\\n', () => {
    const params = chatAppPayParams('wx8888888888888888', 'wx201410272009395522657a690389285100', merchant.privateKey, 1_414_488_825_000);
    expect(params).toMatchObject({
      appId: 'wx8888888888888888',
      timeStamp: '1414488825',
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    expect(params.nonceStr).toMatch(/^[A-Z0-9]{32}$/);
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(params.paySign, 'base64'))).toBe(true);
  });
});

describe('WeChat Pay notification resources', () => {
  const encrypt = (plaintext: string, nonce: string, aad: string, key = API_V3_KEY) => {
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(aad));
    return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  };

  it('decrypts AES-256-GCM with the API v3 key, the tag at the end of the ciphertext', () => {
    const ciphertext = encrypt('{"trade_state":"SUCCESS"}', 'fdasflkja484', 'transaction');
    expect(decryptResource(API_V3_KEY, { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce: 'fdasflkja484', associated_data: 'transaction' })).toBe(
      '{"trade_state":"SUCCESS"}',
    );
  });

  it('refuses another key, nonce, associated data, a changed ciphertext or algorithm', () => {
    const ciphertext = encrypt('{"a":1}', 'fdasflkja484', 'transaction');
    const good = { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce: 'fdasflkja484', associated_data: 'transaction' };
    expect(() => decryptResource('b'.repeat(32), good)).toThrow();
    expect(() => decryptResource(API_V3_KEY, { ...good, nonce: 'fdasflkja485' })).toThrow();
    expect(() => decryptResource(API_V3_KEY, { ...good, associated_data: 'other' })).toThrow();
    const bytes = Buffer.from(ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => decryptResource(API_V3_KEY, { ...good, ciphertext: bytes.toString('base64') })).toThrow();
    expect(() => decryptResource(API_V3_KEY, { ...good, algorithm: 'AES_128' })).toThrow();
    expect(() => decryptResource(API_V3_KEY, { ...good, ciphertext: 'AAAA' })).toThrow();
  });
});

describe('small things', () => {
  it('writes time_expire in China time and makes fresh nonces', () => {
    expect(chinaTime(Date.UTC(2026, 4, 1, 2, 34, 56, 789))).toBe('2026-05-01T10:34:56+08:00');
    expect(newNonce()).not.toBe(newNonce());
  });
});
