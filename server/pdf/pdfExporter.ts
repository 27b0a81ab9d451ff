import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { articleDocumentHtml, type PdfWebFont } from './articleDocument';
import { cjkFontFaces } from './cjkFontFaces';
import type { PdfRenderer } from './chromiumRenderer';
import { localGet } from './localGet';
import { siteAssetFetcher } from './siteAssets';
import { themeStylesheet } from './themeStylesheet';

export interface PdfExporterOptions {
  db: Kysely<DB>;
  /** Null when this server has no Chromium: export is unavailable. */
  renderer: PdfRenderer | null;
  /** DATA_DIR/pdfs. */
  dir: string;
  /** Where the theme sheets live (public/). */
  publicDir: string;
  /** Origins that mean this server (PUBLIC_ORIGIN, the site origin). */
  aliases: readonly string[];
  /** A media host elsewhere (Qiniu), whose images the PDF may show. */
  mediaOrigins: readonly string[];
  /** Where this server answers when no request told us (jobs picked up again at start). */
  fallbackOrigin: string;
  jobTimeoutMs: number;
  now: () => number;
  logger: Logger;
}

const fontList = z.array(z.object({ font_name: z.string(), web_font_url: z.string() }).loose());
const MAX_ASSET_BYTES = 20 * 1024 * 1024;
const ASSET_TIMEOUT_MS = 10_000;
const MAX_ERROR_LENGTH = 500;

/**
 * The background queue of PDF exports (docs/decisions/020): jobs are rows of pdf_exports;
 * one renders at a time, outside any transaction; a job is claimed atomically
 * (pending -> processing), so a job kicked twice, or by two processes, renders once.
 * Finished files go to DATA_DIR/pdfs.
 */
export class PdfExporter {
  private readonly waiting = new Map<number, string>();
  private running = false;
  private idleWaiters: Array<() => void> = [];
  private stopped = false;

  constructor(private readonly options: PdfExporterOptions) {}

  /** False when this server cannot render PDFs. */
  get available(): boolean {
    return this.options.renderer !== null;
  }

  /** How long a job may stay 'processing' before it counts as lost (its worker died). */
  get staleAfterMs(): number {
    return this.options.jobTimeoutMs * 2;
  }

  /** Queues a pending export; `origin` is where this server answers (from the request). */
  enqueue(id: number, origin?: string | null): void {
    if (!this.available || this.stopped) return;
    if (!this.waiting.has(id)) this.waiting.set(id, origin ?? this.options.fallbackOrigin);
    if (!this.running) {
      this.running = true;
      void this.drain();
    }
  }

  /**
   * At start: exports a crash left 'processing' (older than a job may run) fail; pending
   * ones are rendered again (or fail at once when this server cannot render).
   */
  async recover(): Promise<void> {
    const { db, now, jobTimeoutMs } = this.options;
    const at = now();
    await db
      .updateTable('pdf_exports')
      .set({ status: 'failed', error: 'interrupted', finished_at: at })
      .where('status', '=', 'processing')
      .where('started_at', '<', at - jobTimeoutMs)
      .execute();
    if (!this.available) {
      await db.updateTable('pdf_exports').set({ status: 'failed', error: 'unavailable', finished_at: at }).where('status', '=', 'pending').execute();
      return;
    }
    const pending = await db.selectFrom('pdf_exports').select('id').where('status', '=', 'pending').orderBy('id').execute();
    for (const row of pending) this.enqueue(row.id);
  }

  /** The stored file of a finished export. */
  filePath(name: string): string {
    return path.join(this.options.dir, path.basename(name));
  }

  /** False when a finished export's file is gone (DATA_DIR wiped, another machine's disk). */
  async hasFile(name: string): Promise<boolean> {
    if (!name) return false;
    return fs.access(this.filePath(name)).then(
      () => true,
      () => false,
    );
  }

  /** Resolves when the queue is empty (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops taking jobs, lets the current one finish, closes Chromium. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.clear();
    await this.idle();
    await this.options.renderer?.close();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const next = this.waiting.entries().next();
      if (next.done) break;
      const [id, origin] = next.value;
      this.waiting.delete(id);
      try {
        await this.run(id, origin);
      } catch (error) {
        this.options.logger.error({ err: error, exportId: id }, 'PDF export: the job could not be recorded');
      }
    }
    this.running = false;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async run(id: number, origin: string): Promise<void> {
    const { db, now, renderer, logger } = this.options;
    if (!renderer) return;
    const claimed = await db
      .updateTable('pdf_exports')
      .set({ status: 'processing', started_at: now() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;

    const file = `${id}-${randomBytes(8).toString('hex')}.pdf`;
    try {
      const html = await this.documentOf(id, origin);
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
      await writeAtomically(this.filePath(file), bytes);
    } catch (error) {
      logger.warn({ err: error, exportId: id }, 'PDF export failed');
      const message = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('pdf_exports')
        .set({ status: 'failed', error: message.slice(0, MAX_ERROR_LENGTH), finished_at: now() })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
      return;
    }
    const done = await db
      .updateTable('pdf_exports')
      .set({ status: 'success', file, finished_at: now() })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    // Declared lost meanwhile: nobody will ask for this file.
    if (Number(done.numUpdatedRows) !== 1) await fs.rm(this.filePath(file), { force: true });
    else await this.dropSupersededFiles(id);
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
      await fs.rm(this.filePath(row.file), { force: true });
      await db.updateTable('pdf_exports').set({ file: '' }).where('id', '=', row.id).execute();
    }
  }

  private async documentOf(id: number, origin: string): Promise<string> {
    const row = await this.options.db
      .selectFrom('pdf_exports')
      .innerJoin('articles', 'articles.id', 'pdf_exports.article_id')
      .innerJoin('users', 'users.id', 'articles.author_id')
      .select(['articles.title', 'articles.content', 'articles.cover_url', 'articles.theme', 'articles.language', 'articles.modified_at', 'users.username'])
      .where('pdf_exports.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new Error('the article no longer exists');
    const [themeCss, fonts] = await Promise.all([themeStylesheet(this.options.publicDir, row.theme), webFonts(origin)]);
    return articleDocumentHtml(
      {
        title: row.title,
        content: row.content,
        cover_url: row.cover_url,
        theme: row.theme,
        language: row.language,
        author: row.username,
        modified: row.modified_at,
      },
      { baseHref: `${origin}/`, themeCss, fonts, cjkFontFaces: cjkFontFaces() },
    );
  }
}

/** The site's web fonts (GET /api/fonts/ on this server); none when it cannot say. */
async function webFonts(origin: string): Promise<PdfWebFont[]> {
  try {
    const response = await localGet(`${origin}/api/fonts/`, { timeoutMs: 3000, maxBytes: 1024 * 1024 });
    if (response.status !== 200) return [];
    const parsed = fontList.safeParse(JSON.parse(response.body.toString('utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, file);
}
