import type { Kysely, Migration } from 'kysely';

/**
 * WeChat Pay's platform certificates, downloaded with `GET /v3/certificates` and decrypted
 * (server/payments/wechatpay/platformKeys.ts, docs/decisions/065): one row per serial, so every
 * process of the fleet verifies with the certificates one of them fetched. They are public keys;
 * rows past `not_after` are deleted when the next download is stored.
 */
export function wechatPayCertificates(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wechatpay_certificates')
        .addColumn('serial_no', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('certificate', 'text', (c) => c.notNull())
        .addColumn('not_before', 'bigint', (c) => c.notNull())
        .addColumn('not_after', 'bigint', (c) => c.notNull())
        .addColumn('fetched_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
