import { createDecipheriv, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import type { WechatAppParams } from '../../../shared/payments';

/**
 * The signatures and the encryption of WeChat Pay API v3 (docs/decisions/037), with node:crypto
 * alone: SHA256-RSA (PKCS#1 v1.5) signatures in base64 over newline-terminated lines, and the
 * notifications' AES-256-GCM resource. Pure: no clock, no network, no database.
 */

/** The scheme name of the Authorization header. */
export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** The lines a signature covers, each ended by a newline. */
export function signedMessage(lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}

/** Base64 SHA256-RSA of a message with a private key. */
export function rsaSign(privateKey: KeyObject, message: string): string {
  return sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64');
}

/** Whether a base64 SHA256-RSA signature of the message verifies with the public key. */
export function rsaVerify(publicKey: KeyObject, message: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(message, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** 32 random letters and digits: the nonce of a request or of the chat-app pay parameters. */
export function newNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(32), (byte) => alphabet[byte % alphabet.length]).join('');
}

export interface RequestToSign {
  method: string;
  /** The path with its query, as it goes on the wire: /v3/pay/transactions/out-trade-no/x?mchid=1 */
  pathAndQuery: string;
  /** The body exactly as sent; '' for a GET. */
  body: string;
  /** Seconds since the epoch. */
  timestamp: number;
  nonce: string;
}

/** The Authorization header of a request: `METHOD\nURL\ntimestamp\nnonce\nbody\n` signed with the merchant key. */
export function authorization(merchant: { mchid: string; serialNo: string; privateKey: KeyObject }, request: RequestToSign): string {
  const message = signedMessage([request.method.toUpperCase(), request.pathAndQuery, String(request.timestamp), request.nonce, request.body]);
  const signature = rsaSign(merchant.privateKey, message);
  return `${AUTH_SCHEME} mchid="${merchant.mchid}",nonce_str="${request.nonce}",signature="${signature}",timestamp="${request.timestamp}",serial_no="${merchant.serialNo}"`;
}

/** What WeChat Pay signs its answers and notifications with (the Wechatpay-* headers). */
export interface WechatPaySignature {
  timestamp: string;
  nonce: string;
  signature: string;
  serial: string;
}

/** The Wechatpay-* headers of an answer or a notification; null when one is missing. */
export function signatureHeaders(get: (name: string) => string | null | undefined): WechatPaySignature | null {
  const timestamp = get('wechatpay-timestamp');
  const nonce = get('wechatpay-nonce');
  const signature = get('wechatpay-signature');
  const serial = get('wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) return null;
  return { timestamp, nonce, signature, serial };
}

/** Whether WeChat Pay signed this body: `timestamp\nnonce\nbody\n` with its key of this serial. */
export function verifyWechatPay(platform: { publicKey: KeyObject; serial: string }, headers: WechatPaySignature, body: string): boolean {
  if (headers.serial !== platform.serial) return false;
  if (!/^\d{1,12}$/.test(headers.timestamp)) return false;
  return rsaVerify(platform.publicKey, signedMessage([headers.timestamp, headers.nonce, body]), headers.signature);
}

/** A notification's encrypted resource. */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/** The resource's plaintext: AES-256-GCM with the API v3 key; the 16-byte tag ends the base64 ciphertext. Throws when it does not authenticate. */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unknown algorithm ${resource.algorithm}`);
  const key = Buffer.from(apiV3Key, 'utf8');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (key.length !== 32 || data.length <= 16) throw new Error('bad key or ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/**
 * What WeixinJSBridge's getBrandWCPayRequest takes: paySign is the merchant key's
 * SHA256-RSA of `appId\ntimeStamp\nnonceStr\npackage\n`.
 */
export function chatAppPayParams(appId: string, prepayId: string, privateKey: KeyObject, nowMs: number): WechatAppParams {
  const timeStamp = String(Math.floor(nowMs / 1000));
  const nonceStr = newNonce();
  const pkg = `prepay_id=${prepayId}`;
  return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign: rsaSign(privateKey, signedMessage([appId, timeStamp, nonceStr, pkg])) };
}

/** RFC 3339 in China's time, as time_expire takes it: 2026-05-01T10:34:56+08:00. */
export function chinaTime(ms: number): string {
  const shifted = new Date(Math.floor(ms / 1000) * 1000 + 8 * 3600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}
