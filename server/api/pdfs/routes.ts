import type { Readable } from 'node:stream';
import { type Response, Router } from 'express';
import { z } from 'zod';
import { localOriginOf } from '../../pdf/siteAssets';
import { pdfFileName } from '../../pdf/pdfFileName';
import { requireUser } from '../auth';
import { ApiError } from '../errors';
import { articlePdfFile, articlePdfStatus, pdfQuota, type PdfServiceDeps } from '../../pdf/articlePdfs';
import { MAX_ROW_ID } from '../../db/rowId';

const PDF_UNAVAILABLE = 'PDF export is unavailable on this server.';

/** Digits only: '1e3', ' 12' or '0x1' are not ids. */
const articleId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(MAX_ROW_ID));

/** docs/specification/content-and-commerce.md §7, PDF export: the month's quota, an article's export, its file. */
export function pdfRoutes(deps: PdfServiceDeps): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await pdfQuota(deps, requireUser(req)));
  });
  router.get('/article/:id/', async (req, res) => {
    const user = requireUser(req);
    const status = await articlePdfStatus(deps, user, idOf(req.params.id), localOriginOf(req.socket));
    if (status === 'unavailable') throw ApiError.detail(503, PDF_UNAVAILABLE);
    res.json(status);
  });
  router.get('/article/:id/file/', async (req, res, next) => {
    const user = requireUser(req);
    const { download, title } = await articlePdfFile(deps, user, idOf(req.params.id));
    if ('stream' in download) return sendStream(res, download, pdfFileName(title));
    res.download(download.path, pdfFileName(title), { dotfiles: 'allow' }, (error) => {
      if (!error) return;
      if (res.headersSent) next(error);
      else next(ApiError.detail(404, 'Not found.'));
    });
  });
  return router;
}

/** A PDF from the bucket, as res.download sends one from disk. */
function sendStream(res: Response, download: { stream: Readable; size: number | undefined }, name: string): void {
  res.attachment(name).type('application/pdf').set('Cache-Control', 'private, no-cache');
  if (download.size !== undefined) res.set('Content-Length', String(download.size));
  download.stream.on('error', () => res.destroy());
  download.stream.pipe(res);
}

function idOf(raw: string | undefined): number {
  const parsed = articleId.safeParse(raw);
  if (!parsed.success) throw ApiError.detail(404, 'Not found.');
  return parsed.data;
}
