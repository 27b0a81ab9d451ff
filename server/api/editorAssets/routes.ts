import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { editorColors, editorFonts } from '../../editorAssets/fontsAndColors';

/** `GET /api/fonts/` and `GET /api/colors/`: what the editor offers, in order (no sign-in needed). */
export function editorAssetRoutes(deps: { db: Kysely<DB> }): Router {
  const router = Router();

  router.get('/fonts/', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await editorFonts(deps.db));
  });

  router.get('/colors/', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await editorColors(deps.db));
  });

  return router;
}
