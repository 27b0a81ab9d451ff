import { sql, type Kysely } from 'kysely';
import { effectiveRole } from '../../shared/membership';
import { nextQuotaReset } from '../../shared/pageViewQuota';
import { PDF_LIMITS, pdfRemaining } from '../../shared/pdfLimits';
import type { DB, PdfExportsTable, User } from '../db/schema';
import type { PdfExporter } from './pdfExporter';
import type { PdfDownload } from './pdfFiles';
import { DomainError } from '../domain/DomainError';
import type { PdfExportStatus, PdfQuota } from '../../shared/pdfs';

export interface PdfServiceDeps {
  db: Kysely<DB>;
  now: () => number;
  /** Absent or unavailable: this server cannot render PDFs. */
  pdfs?: PdfExporter;
}

export const PDF_LIMIT_REACHED = 'pdf_limit';

/** The export's status as the API shows it; the table's states are the contract's. */
export type ArticlePdfStatus = PdfExportStatus & { status: PdfExportsTable['status'] };

/** docs/specification/content-and-commerce.md §7 GET /api/pdfs/: the month's limit by the role the user acts with now, and the count. */
export async function pdfQuota(deps: PdfServiceDeps, user: User): Promise<PdfQuota> {
  const now = deps.now();
  const limit = limitOf(user, now);
  const count = await monthCount(deps.db, user.id, now);
  return { pdf_limit: limit, pdf_count: count, remaining: pdfRemaining(limit, count), available: deps.pdfs?.available ?? false };
}

/**
 * docs/specification/content-and-commerce.md §7 GET /api/pdfs/article/{id}/: the export of the article's current version,
 * started (and counted) when there is none. A failure is answered once, then the next call
 * starts again (the client clears its status on failure, docs/specification/content-and-commerce.md §8).
 * `'unavailable'` when this server cannot render PDFs (the API answers 503, server/api/pdfs/routes.ts).
 */
export async function articlePdfStatus(deps: PdfServiceDeps, user: User, articleId: number, origin: string | null): Promise<ArticlePdfStatus | 'unavailable'> {
  const article = await ownArticle(deps.db, user, articleId);
  const exporter = deps.pdfs;
  if (!exporter?.available) return 'unavailable';
  const now = deps.now();
  await forgetMissingFile(deps.db, exporter, article.id, article.client_modify_date, now);

  const current = await deps.db.transaction().execute(async (trx) => {
    // Takes the user's row lock on PostgreSQL (SQLite has one writer): one start at a time per user.
    await trx
      .updateTable('users')
      .set({ id: sql`id` })
      .where('id', '=', user.id)
      .execute();
    const latest = await trx
      .selectFrom('pdf_exports')
      .select(['id', 'status', 'failure_reported', 'started_at', 'claimed_at'])
      .where('article_id', '=', article.id)
      .where('article_version', '=', article.client_modify_date)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    // The latest claim counts: a job taken again after its renderer died is not lost.
    const claimedAt = latest?.claimed_at ?? latest?.started_at ?? null;
    if (latest?.status === 'processing' && claimedAt !== null && claimedAt < now - exporter.staleAfterMs) {
      await trx
        .updateTable('pdf_exports')
        .set({ status: 'failed', error: 'lost', finished_at: now, failure_reported: 1 })
        .where('id', '=', latest.id)
        .execute();
      return { id: latest.id, status: 'failed' as const };
    }
    if (latest && latest.status !== 'failed') return { id: latest.id, status: latest.status };
    if (latest && !latest.failure_reported) {
      await trx.updateTable('pdf_exports').set({ failure_reported: 1 }).where('id', '=', latest.id).execute();
      return { id: latest.id, status: 'failed' as const };
    }
    if ((await monthCount(trx, user.id, now)) >= limitOf(user, now)) throw new DomainError('forbidden', PDF_LIMIT_REACHED);
    const row = await trx
      .insertInto('pdf_exports')
      .values({
        article_id: article.id,
        user_id: user.id,
        article_version: article.client_modify_date,
        status: 'pending',
        created_at: now,
        started_at: null,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, status: 'pending' as const };
  });

  // Wakes this process's queue (every process polls the shared queue too, docs/decisions/043).
  if (current.status === 'pending') exporter.enqueue(current.id, origin);
  return current.status === 'success' ? { status: 'success', url: pdfFileUrl(article.id) } : { status: current.status };
}

/** The newest finished PDF of the user's article: the file and the title it is named after. */
export async function articlePdfFile(deps: PdfServiceDeps, user: User, articleId: number): Promise<{ download: PdfDownload; title: string }> {
  const article = await ownArticle(deps.db, user, articleId);
  const exporter = deps.pdfs;
  const row = await deps.db
    .selectFrom('pdf_exports')
    .select(['file'])
    .where('article_id', '=', article.id)
    .where('status', '=', 'success')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const download = row && exporter ? await exporter.files.download(row.file) : null;
  if (!download) throw new DomainError('not_found', 'Not found.');
  return { download, title: article.title };
}

/** A finished export whose file is gone reads as failed, so asking again makes it anew. */
async function forgetMissingFile(db: Kysely<DB>, exporter: PdfExporter, articleId: number, version: number, now: number): Promise<void> {
  const done = await db
    .selectFrom('pdf_exports')
    .select(['id', 'file'])
    .where('article_id', '=', articleId)
    .where('article_version', '=', version)
    .where('status', '=', 'success')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!done || (await exporter.hasFile(done.file))) return;
  await db
    .updateTable('pdf_exports')
    .set({ status: 'failed', error: 'file missing', finished_at: now, failure_reported: 1 })
    .where('id', '=', done.id)
    .where('status', '=', 'success')
    .execute();
}

export function pdfFileUrl(articleId: number): string {
  return `/api/pdfs/article/${articleId}/file/`;
}

async function ownArticle(db: Kysely<DB>, user: User, articleId: number) {
  const article = await db.selectFrom('articles').select(['id', 'author_id', 'title', 'client_modify_date']).where('id', '=', articleId).executeTakeFirst();
  // Another author's article reads as missing: its existence is not told.
  if (!article || article.author_id !== user.id) throw new DomainError('not_found', 'Not found.');
  return article;
}

function limitOf(user: User, now: number): number {
  return PDF_LIMITS[effectiveRole(user.role, user.membership_tier, user.membership_expires_at, now)];
}

/** Exports started this UTC month that did not fail. */
async function monthCount(db: Kysely<DB>, userId: number, now: number): Promise<number> {
  const monthEnd = nextQuotaReset(now);
  const monthStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
  const row = await db
    .selectFrom('pdf_exports')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'failed')
    .where('created_at', '>=', monthStart)
    .where('created_at', '<', monthEnd)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
