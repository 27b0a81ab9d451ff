import path from 'node:path';
import express, { Router, type Response } from 'express';

/** The self-hosted web fonts (their @fontsource packages) the fonts table points at. */
export const WEB_FONT_PACKAGES = ['noto-serif-sc', 'ma-shan-zheng', 'zcool-xiaowei', 'lora'] as const;

/** A package's stylesheets and the font files they name (`./files/...`); nothing else of the package. */
const SERVED = /^\/(?:[a-z0-9-]+\.css|files\/[a-z0-9-]+\.woff2?)$/;

/**
 * `/fonts/<package>/<file>`: the web fonts' CSS and woff2 files from node_modules, cached
 * long (a package's file names are stable; a new font version comes with a new file set).
 * A missing file is a real 404, never the page.
 */
export function fontFiles(nodeModulesDir = path.resolve('node_modules')): Router {
  const router = Router();
  for (const name of WEB_FONT_PACKAGES) {
    const serve = express.static(path.join(nodeModulesDir, '@fontsource', name), {
      index: false,
      fallthrough: false,
      maxAge: '30d',
      dotfiles: 'deny',
    });
    router.use(`/${name}`, (req, res) => {
      if (!SERVED.test(req.path)) {
        notFound(res);
        return;
      }
      res.set('Access-Control-Allow-Origin', '*');
      serve(req, res, (error: unknown) => {
        const status = typeof error === 'object' && error !== null && 'status' in error && error.status === 405 ? 405 : 404;
        if (status === 405) res.set('Allow', 'GET, HEAD');
        res
          .status(status)
          .set('Cache-Control', 'no-store')
          .type('text/plain')
          .send(status === 405 ? 'Method Not Allowed' : 'Not Found');
      });
    });
  }
  router.use((_req, res) => notFound(res));
  return router;
}

function notFound(res: Response): void {
  res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not Found');
}
