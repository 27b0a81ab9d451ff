import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ClaimLoop } from '../jobs/claimLoop';
import { queueWorkerId } from '../jobs/queueWorkerId';
import type { Logger } from '../logger';
import type { PdfRenderer } from './chromiumRenderer';
import { exportDocumentHtml } from './exportDocument';
import { LocalPdfFiles, type PdfFiles } from './pdfFiles';
import { claimNextJob, failPendingJobs, failUnleasedClaims, recordFailure, recordSuccess, type PdfClaim } from './pdfJobs';
import { siteAssetFetcher } from './siteAssets';

export interface PdfExporterOptions {
  db: Kysely<DB>;
  /** Null when this server has no Chromium: export is unavailable. */
  renderer: PdfRenderer | null;
  /** DATA_DIR/pdfs. */
  dir: string;
  /** Where finished files go instead of `dir` (the S3 bucket, docs/decisions/047). */
  files?: PdfFiles;
  /** Where the theme sheets live (public/). */
  publicDir: string;
  /** Origins that mean this server (PUBLIC_ORIGIN, the site origin). */
  aliases: readonly string[];
  /** A media host elsewhere (Qiniu), whose images the PDF may show. */
  mediaOrigins: readonly string[];
  /** Where this server answers when no request told us (jobs another process queued, or left at start). */
  fallbackOrigin: string;
  jobTimeoutMs: number;
  now: () => number;
  logger: Logger;
  /** How often start() looks for jobs queued elsewhere (default 2 s). */
  pollMs?: number;
  /** Names this worker in its claims (default: host, pid and a random part). */
  workerId?: string;
}

const MAX_ASSET_BYTES = 20 * 1024 * 1024;
const ASSET_TIMEOUT_MS = 10_000;
const POLL_MS = 2000;
/** A job is claimed at most this often: once, and once more after its renderer died. */
const MAX_ATTEMPTS = 2;

/**
 * The PDF export queue (docs/decisions/020, 043): jobs are rows of pdf_exports, shared by every
 * process on the database. Each process renders one job at a time, outside any transaction; it
 * claims the oldest waiting job with one atomic UPDATE, when it queues one itself and every
 * `pollMs` after start(). A claim is a lease: a job whose renderer died is claimed again.
 * Finished files go to DATA_DIR/pdfs, or to the S3 bucket when one is configured.
 */
export class PdfExporter {
  /** Where this server answers, for jobs asked of it (the request's local address). */
  private readonly origins = new Map<number, string>();
  private readonly workerId: string;
  private readonly loop: ClaimLoop<PdfClaim>;
  readonly files: PdfFiles;

  constructor(private readonly options: PdfExporterOptions) {
    this.files = options.files ?? new LocalPdfFiles(options.dir);
    this.workerId = queueWorkerId(options.workerId);
    this.loop = new ClaimLoop<PdfClaim>({
      claim: () => claimNextJob(options.db, { workerId: this.workerId, now: options.now(), leaseMs: this.leaseMs, maxAttempts: MAX_ATTEMPTS }),
      work: (claim) => {
        if (claim.attempt > 1) options.logger.warn({ exportId: claim.id, attempt: claim.attempt }, 'PDF export: taking over a job whose renderer stopped');
        return this.run(claim);
      },
      // Nothing waits: jobs asked of this process were taken by others.
      onEmpty: () => this.origins.clear(),
      logger: options.logger,
      claimFailed: 'PDF export: could not claim a job',
      workFailed: 'PDF export: the job could not be recorded',
      describe: (claim) => ({ exportId: claim.id }),
    });
  }

  /** False when this server cannot render PDFs. */
  get available(): boolean {
    return this.options.renderer !== null;
  }

  /** A claim older than this is a dead worker's: a live one has given up on the job by then. */
  get leaseMs(): number {
    return this.options.jobTimeoutMs * 1.5;
  }

  /** How long a job's latest claim may stay 'processing' before it counts as lost: past the lease, when no worker took it again. */
  get staleAfterMs(): number {
    return this.options.jobTimeoutMs * 2;
  }

  /** Picks up what was left unfinished, then looks for jobs every `pollMs`, whoever queued them. */
  start(): Promise<void> {
    if (this.available) this.loop.poll(this.options.pollMs ?? POLL_MS);
    return this.recover();
  }

  /** Wakes the queue for a pending export asked of this process; `origin` is where this server answers (from the request). */
  enqueue(id: number, origin?: string | null): void {
    if (!this.available || this.loop.stopped) return;
    if (origin) this.origins.set(id, origin);
    this.wake();
  }

  /**
   * Exports a crash left 'processing' without a lease fail (older than a job may run); pending
   * ones are rendered (or fail at once when this server cannot render).
   */
  async recover(): Promise<void> {
    const { db, now, jobTimeoutMs } = this.options;
    const at = now();
    await failUnleasedClaims(db, at, jobTimeoutMs);
    if (!this.available) {
      await failPendingJobs(db, at);
      return;
    }
    this.wake();
  }

  /** False when a finished export's file is gone (DATA_DIR wiped, another machine's disk). */
  hasFile(name: string): Promise<boolean> {
    return this.files.exists(name);
  }

  /** Resolves when this process has nothing left to claim (tests, shutdown). */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /** Stops taking jobs, lets the current one finish, closes Chromium. */
  async stop(): Promise<void> {
    const stopping = this.loop.stop();
    this.origins.clear();
    await stopping;
    await this.options.renderer?.close();
  }

  private wake(): void {
    if (this.available) this.loop.wake();
  }

  private async run(claim: PdfClaim): Promise<void> {
    const { db, now, renderer, logger } = this.options;
    if (!renderer) return;
    const origin = this.origins.get(claim.id) ?? this.options.fallbackOrigin;
    this.origins.delete(claim.id);
    const file = `${claim.id}-${randomBytes(8).toString('hex')}.pdf`;
    try {
      const html = await exportDocumentHtml(db, { exportId: claim.id, origin, publicDir: this.options.publicDir });
      const bytes = await renderer.render({
        html,
        fetchAsset: siteAssetFetcher({
          internalOrigin: origin,
          aliases: this.options.aliases,
          mediaOrigins: this.options.mediaOrigins,
          maxBytes: MAX_ASSET_BYTES,
          timeoutMs: ASSET_TIMEOUT_MS,
        }),
        timeoutMs: this.options.jobTimeoutMs,
      });
      await this.files.save(file, bytes);
    } catch (error) {
      logger.warn({ err: error, exportId: claim.id }, 'PDF export failed');
      await recordFailure(db, claim, error instanceof Error ? error.message : String(error), now());
      return;
    }
    if (await recordSuccess(db, claim, file, now())) await this.dropSupersededFiles(claim.id);
    // Taken again or declared lost meanwhile: nobody will ask for this file.
    else await this.files.remove(file);
  }

  /** Only an article's newest PDF is served: the files of its older exports go. */
  private async dropSupersededFiles(id: number): Promise<void> {
    const { db } = this.options;
    const current = await db.selectFrom('pdf_exports').select('article_id').where('id', '=', id).executeTakeFirst();
    if (!current?.article_id) return;
    const older = await db
      .selectFrom('pdf_exports')
      .select(['id', 'file'])
      .where('article_id', '=', current.article_id)
      .where('id', '<', id)
      .where('file', '!=', '')
      .execute();
    for (const row of older) {
      await this.files.remove(row.file);
      await db.updateTable('pdf_exports').set({ file: '' }).where('id', '=', row.id).execute();
    }
  }
}
