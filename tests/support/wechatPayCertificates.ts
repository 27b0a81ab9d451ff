import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StandInCertificate } from './wechatPayStandIn';

/**
 * Two self-signed stand-ins for WeChat Pay platform certificates, made once with openssl for the
 * tests only (tests/support/fixtures/wechatpay-test-platform-*.pem, valid for a century): the
 * certificate before a renewal and the one after it.
 */
function fixture(name: 'old' | 'new', serial: string): StandInCertificate {
  const file = (kind: 'cert' | 'key') => fs.readFileSync(path.resolve('tests/support/fixtures', `wechatpay-test-platform-${name}.${kind}.pem`), 'utf8');
  return { serial, pem: file('cert'), privateKey: createPrivateKey(file('key')) };
}

export const OLD_PLATFORM_CERTIFICATE = fixture('old', '3775B6A45552A52F8E2F6C8B8D8A7E2E1E9C4001');
export const NEW_PLATFORM_CERTIFICATE = fixture('new', '4A1C2B3D4E5F60718293A4B5C6D7E8F901234567');
