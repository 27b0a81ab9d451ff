import { X509Certificate, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { decryptResource } from './protocol';

/** A WeChat Pay platform certificate: the key its serial names, while it is valid. */
export interface PlatformCertificate {
  /** The certificate's serial number, upper-case hex: what Wechatpay-Serial names. */
  serial: string;
  pem: string;
  publicKey: KeyObject;
  /** Its validity, ms since the epoch. */
  notBefore: number;
  notAfter: number;
}

/** The answer of `GET /v3/certificates`: each certificate encrypted with the API v3 key. */
const certificatesAnswer = z.object({
  data: z
    .array(
      z.object({
        serial_no: z.string().regex(/^[0-9A-Fa-f]{1,64}$/),
        effective_time: z.string().optional(),
        expire_time: z.string().optional(),
        encrypt_certificate: z.object({
          algorithm: z.string().max(32),
          associated_data: z.string().max(256).optional(),
          nonce: z.string().min(1).max(64),
          ciphertext: z.string().min(1).max(65_536),
        }),
      }),
    )
    .min(1)
    .max(20),
});

/** One certificate from its PEM; throws when it does not parse or has no RSA key. */
export function parseCertificate(pem: string): PlatformCertificate {
  const certificate = new X509Certificate(pem);
  const publicKey = certificate.publicKey;
  if (publicKey.asymmetricKeyType !== 'rsa') throw new Error('the platform certificate has no RSA key');
  return {
    serial: certificate.serialNumber.toUpperCase(),
    pem,
    publicKey,
    notBefore: Date.parse(certificate.validFrom),
    notAfter: Date.parse(certificate.validTo),
  };
}

/**
 * The certificates of a `GET /v3/certificates` answer: each decrypted (AEAD_AES_256_GCM with the
 * API v3 key, so only WeChat Pay can have made it), parsed, and its serial checked against the
 * serial_no it is listed under. Throws on any other answer.
 */
export function openCertificates(apiV3Key: string, body: unknown): PlatformCertificate[] {
  const parsed = certificatesAnswer.safeParse(body);
  if (!parsed.success) throw new Error('the certificates answer has an unexpected shape');
  return parsed.data.data.map((item) => {
    const certificate = parseCertificate(decryptResource(apiV3Key, item.encrypt_certificate));
    if (certificate.serial !== item.serial_no.toUpperCase()) throw new Error(`certificate ${item.serial_no} carries serial ${certificate.serial}`);
    return certificate;
  });
}

/** Whether a certificate may verify a signature at this moment. */
export function validAt(certificate: PlatformCertificate, now: number): boolean {
  return certificate.notBefore <= now && now < certificate.notAfter;
}
