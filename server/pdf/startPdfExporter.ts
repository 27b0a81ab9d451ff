import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { siteOrigin, type Config } from '../config';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { ChromiumPdfRenderer } from './chromiumRenderer';
import { PdfExporter } from './pdfExporter';

const JOB_TIMEOUT_MS = 60_000;
/** Chromium stays up this long after the last job, for the next one. */
const BROWSER_IDLE_MS = 60_000;

/**
 * The PDF export queue of the configuration: Chromium from CHROMIUM_PATH when the file
 * exists (else export is unavailable), files under DATA_DIR/pdfs; picks up what a
 * previous run left unfinished.
 */
export function startPdfExporter(options: { config: Config; db: Kysely<DB>; logger: Logger; now: () => number; mediaOrigin?: string }): PdfExporter {
  const { config, logger } = options;
  const hasChromium = fs.existsSync(config.chromiumPath);
  if (!hasChromium) logger.warn({ chromiumPath: config.chromiumPath }, 'PDF export is unavailable: Chromium was not found');
  const aliases = [siteOrigin(config), config.publicOrigin].filter((origin): origin is string => Boolean(origin));
  const exporter = new PdfExporter({
    db: options.db,
    renderer: hasChromium ? new ChromiumPdfRenderer({ executablePath: config.chromiumPath, idleMs: BROWSER_IDLE_MS, logger }) : null,
    dir: path.join(config.dataDir, 'pdfs'),
    publicDir: path.resolve('public'),
    aliases,
    mediaOrigins: options.mediaOrigin && !aliases.includes(options.mediaOrigin) ? [options.mediaOrigin] : [],
    fallbackOrigin: `http://127.0.0.1:${config.port}`,
    jobTimeoutMs: JOB_TIMEOUT_MS,
    now: options.now,
    logger,
  });
  exporter.recover().catch((error: unknown) => logger.error({ err: error }, 'PDF export: could not pick up unfinished exports'));
  return exporter;
}
