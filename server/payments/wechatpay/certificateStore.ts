import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { parseCertificate, type PlatformCertificate } from './certificates';

/** The platform certificates the fleet downloaded, not expired (migration 034); a row that no longer parses is skipped. */
export async function readCertificates(db: Kysely<DB>, now: number): Promise<PlatformCertificate[]> {
  const rows = await db.selectFrom('wechatpay_certificates').select('certificate').where('not_after', '>', now).execute();
  return rows.flatMap((row) => {
    try {
      return [parseCertificate(row.certificate)];
    } catch {
      return [];
    }
  });
}

/** Keeps downloaded certificates for every process (a serial again: its row updated) and drops the expired ones. */
export async function storeCertificates(db: Kysely<DB>, certificates: readonly PlatformCertificate[], now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const c of certificates) {
      const values = { certificate: c.pem, not_before: c.notBefore, not_after: c.notAfter, fetched_at: now };
      await trx
        .insertInto('wechatpay_certificates')
        .values({ serial_no: c.serial, ...values })
        .onConflict((oc) => oc.column('serial_no').doUpdateSet(values))
        .execute();
    }
    await trx.deleteFrom('wechatpay_certificates').where('not_after', '<=', now).execute();
  });
}
