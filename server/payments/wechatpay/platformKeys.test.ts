import { createCipheriv, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NEW_PLATFORM_CERTIFICATE as NEW, OLD_PLATFORM_CERTIFICATE as OLD } from '../../../tests/support/wechatPayCertificates';
import { openCertificates, parseCertificate, type PlatformCertificate } from './certificates';
import { PlatformKeys, UNKNOWN_SERIAL_DOWNLOAD_MS } from './platformKeys';
import type { WechatPaySignature } from './protocol';

const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';

function encrypted(pem: string, serial: string, key = API_V3_KEY) {
  const nonce = 'n0nce0123456';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('certificate'));
  const ciphertext = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  return { serial_no: serial, encrypt_certificate: { algorithm: 'AEAD_AES_256_GCM', associated_data: 'certificate', nonce, ciphertext } };
}

function signed(privateKey: Parameters<typeof sign>[2], serial: string, body: string): WechatPaySignature {
  const timestamp = '1700000000';
  const nonce = 'abc';
  return { timestamp, nonce, serial, signature: sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), privateKey).toString('base64') };
}

describe('WeChat Pay platform certificates', () => {
  it('opens a certificates answer: decrypted with the API v3 key, parsed, each under its own serial', () => {
    const [certificate] = openCertificates(API_V3_KEY, { data: [encrypted(OLD.pem, OLD.serial.toLowerCase())] });
    expect(certificate?.serial).toBe(OLD.serial);
    expect(certificate?.notAfter).toBeGreaterThan(Date.now());
    expect(() => openCertificates('another0api0v30key0abcdef0123456', { data: [encrypted(OLD.pem, OLD.serial)] })).toThrow();
    expect(() => openCertificates(API_V3_KEY, { data: [encrypted(OLD.pem, NEW.serial)] })).toThrow(/carries serial/);
    expect(() => openCertificates(API_V3_KEY, { data: [] })).toThrow(/unexpected shape/);
  });
});

describe('PlatformKeys', () => {
  const publicKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const body = '{"id":"EV-1"}';

  it('verifies by the serial named: the public key by its id, a certificate by its serial, anything else refused', async () => {
    let downloads = 0;
    const download = (): Promise<PlatformCertificate[]> => {
      downloads += 1;
      return Promise.resolve([parseCertificate(OLD.pem), parseCertificate(NEW.pem)]);
    };
    let now = Date.now();
    const keys = new PlatformKeys({ publicKey: { id: 'PUB_KEY_ID_1', key: publicKey.publicKey }, download, clock: () => now });
    expect(await keys.requestSerial()).toBe('PUB_KEY_ID_1');
    expect(await keys.verify(signed(publicKey.privateKey, 'PUB_KEY_ID_1', body), body)).toBe(true);
    expect(downloads).toBe(0);
    expect(await keys.verify(signed(NEW.privateKey, NEW.serial, body), body)).toBe(true);
    expect(await keys.verify(signed(OLD.privateKey, OLD.serial, body), body)).toBe(true);
    expect(downloads).toBe(1);
    expect(await keys.verify(signed(OLD.privateKey, NEW.serial, body), body)).toBe(false);
    expect(await keys.verify(signed(publicKey.privateKey, 'PUB_KEY_ID_2', body), body)).toBe(false);
    expect(await keys.verify(signed(NEW.privateKey, 'ABCDEF', body), body)).toBe(false);
    expect(downloads).toBe(1);
    now += UNKNOWN_SERIAL_DOWNLOAD_MS;
    expect(await keys.verify(signed(NEW.privateKey, 'ABCDEF', body), body)).toBe(false);
    expect(downloads).toBe(2);
  });

  it('in certificate mode alone names the newest valid certificate, and a failed download refuses instead of throwing', async () => {
    const keys = new PlatformKeys({ download: () => Promise.resolve([parseCertificate(OLD.pem), parseCertificate(NEW.pem)]), clock: Date.now });
    expect([OLD.serial, NEW.serial]).toContain(await keys.requestSerial());
    const failing = new PlatformKeys({ download: () => Promise.reject(new Error('no answer')), clock: Date.now });
    expect(await failing.requestSerial()).toBeNull();
    expect(await failing.verify(signed(OLD.privateKey, OLD.serial, body), body)).toBe(false);
    // A certificate outside its validity verifies nothing.
    const later = new PlatformKeys({ download: () => Promise.resolve([parseCertificate(OLD.pem)]), clock: () => Date.parse('2200-01-01') });
    expect(await later.verify(signed(OLD.privateKey, OLD.serial, body), body)).toBe(false);
  });
});
