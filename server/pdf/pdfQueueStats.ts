import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The PDF export queue across the fleet (docs/decisions/043), for /healthz and /metrics. */
export interface PdfQueueStats {
  pending: number;
  processing: number;
  /** Seconds the oldest waiting export has waited; null when none waits. */
  oldestPendingAgeS: number | null;
}

/** One grouped query on the indexed status. */
export async function pdfQueueStats(db: Kysely<DB>, now: number): Promise<PdfQueueStats> {
  const rows = await db
    .selectFrom('pdf_exports')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', ['pending', 'processing'])
    .groupBy('status')
    .execute();
  const pending = rows.find((row) => row.status === 'pending');
  const processing = rows.find((row) => row.status === 'processing');
  return {
    pending: Number(pending?.count ?? 0),
    processing: Number(processing?.count ?? 0),
    oldestPendingAgeS: pending ? Math.max(0, Math.round((now - Number(pending.oldest)) / 1000)) : null,
  };
}
