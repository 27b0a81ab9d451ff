import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../server/db/connection';
import { createLogger } from '../../server/logger';
import type { PdfRenderer } from '../../server/pdf/chromiumRenderer';
import { PdfExporter, type PdfExporterOptions } from '../../server/pdf/pdfExporter';

/** A renderer that answers at once: for the rules, without paying for Chromium. */
export function fakeRenderer(fail = false): PdfRenderer & { calls: number } {
  return {
    calls: 0,
    async render() {
      this.calls += 1;
      if (fail) throw new Error('the renderer broke');
      return Buffer.from('%PDF-1.4 fake');
    },
    async close() {},
  };
}

/** The export queue on a test database, writing into `dir` (a fresh folder when not given); `more` sets the clock, polling, worker name, file storage. */
export function exporterWith(
  database: Database,
  renderer: PdfRenderer | null,
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zine-pdfs-')),
  more: Partial<Pick<PdfExporterOptions, 'now' | 'pollMs' | 'workerId' | 'files'>> = {},
): PdfExporter {
  return new PdfExporter({
    db: database.db,
    renderer,
    dir,
    publicDir: path.resolve('public'),
    aliases: [],
    mediaOrigins: [],
    fallbackOrigin: 'http://127.0.0.1:9',
    jobTimeoutMs: 30_000,
    now: more.now ?? Date.now,
    logger: createLogger({ logLevel: 'silent' }),
    pollMs: more.pollMs,
    workerId: more.workerId,
    files: more.files,
  });
}
