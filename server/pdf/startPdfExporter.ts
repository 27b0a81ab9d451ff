import path from 'node:path';
import type { Kysely } from 'kysely';
import { siteOrigin, type Config } from '../config';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { chromiumExecutable, chromiumSource } from './chromiumExecutable';
import { ChromiumPdfRenderer } from './chromiumRenderer';
import { S3Bucket } from '../media/s3Bucket';
import { BucketPdfFiles } from './bucketPdfFiles';
import { PdfExporter } from './pdfExporter';

const JOB_TIMEOUT_MS = 60_000;
/** Chromium stays up this long after the last job, for the next one. */
const BROWSER_IDLE_MS = 60_000;

/**
 * The PDF export queue of the configuration: the Chromium chromiumExecutable() picks (a
 * system one, else the packaged one), files under DATA_DIR/pdfs or in the S3 bucket; picks up what a previous
 * run left unfinished, then takes jobs from the queue every process on the database shares
 * (docs/decisions/043). Off with PDF_EXPORT=0, or where no browser can run.
 */
export function startPdfExporter(options: { config: Config; db: Kysely<DB>; logger: Logger; now: () => number; mediaOrigin?: string }): PdfExporter {
  const { config, logger } = options;
  const browser = config.pdfExport ? chromiumSource(config.chromiumPath) : null;
  if (!config.pdfExport) logger.info('PDF export is off (PDF_EXPORT=0)');
  else if (!browser)
    logger.warn(
      { chromiumPath: config.chromiumPath ?? null, platform: process.platform },
      'PDF export is unavailable: no Chromium was found and the packaged one runs on Linux only',
    );
  else logger.info({ browser }, 'PDF export renders with Chromium');
  const aliases = [siteOrigin(config), config.publicOrigin].filter((origin): origin is string => Boolean(origin));
  const exporter = new PdfExporter({
    db: options.db,
    renderer: browser
      ? new ChromiumPdfRenderer({ executable: async () => (await chromiumExecutable(config.chromiumPath)).path, idleMs: BROWSER_IDLE_MS, logger })
      : null,
    dir: path.join(config.dataDir, 'pdfs'),
    ...(config.s3 ? { files: new BucketPdfFiles(new S3Bucket(config.s3)) } : {}),
    publicDir: path.resolve('public'),
    aliases,
    mediaOrigins: options.mediaOrigin && !aliases.includes(options.mediaOrigin) ? [options.mediaOrigin] : [],
    fallbackOrigin: `http://127.0.0.1:${config.port}`,
    jobTimeoutMs: JOB_TIMEOUT_MS,
    now: options.now,
    logger,
  });
  exporter.start().catch((error: unknown) => logger.error({ err: error }, 'PDF export: could not pick up unfinished exports'));
  return exporter;
}
