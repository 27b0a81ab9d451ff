import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Alipay's keys as an operator has them (docs/decisions/044): a PEM (newlines possibly written
 * `\n`), the bare base64 that Alipay's key tool and its open platform show (PKCS#8 or PKCS#1 for
 * the app key, SPKI for Alipay's public key), or the path of a file holding either.
 */
export function readAlipayKey(value: string, kind: 'private' | 'public'): KeyObject {
  const text = keyText(value);
  const key = text.startsWith('-----BEGIN') ? fromPem(text, kind) : fromBase64(text, kind);
  if (key.asymmetricKeyType !== 'rsa') throw new Error('must be an RSA key (RSA2)');
  return key;
}

/** The key as the SDK takes it: PKCS#8 for the app's private key (keyType PKCS8), SPKI for Alipay's. */
export function keyPem(key: KeyObject): string {
  return key.type === 'private' ? key.export({ type: 'pkcs8', format: 'pem' }).toString() : key.export({ type: 'spki', format: 'pem' }).toString();
}

function keyText(value: string): string {
  const inline = value.trim().replace(/\\n/g, '\n');
  if (inline.startsWith('-----BEGIN') || /^[A-Za-z0-9+/=\s]{64,}$/.test(inline)) return inline;
  return fs.readFileSync(path.resolve(value.trim()), 'utf8').trim();
}

function fromPem(pem: string, kind: 'private' | 'public'): KeyObject {
  return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
}

function fromBase64(text: string, kind: 'private' | 'public'): KeyObject {
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  if (kind === 'public') return createPublicKey({ key: der, format: 'der', type: 'spki' });
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}
