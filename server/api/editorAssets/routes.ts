import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { EditorColor, EditorFont } from '../../../shared/entities';
import type { DB } from '../../db/schema';

/** `GET /api/fonts/` and `GET /api/colors/`: what the editor offers, in order (no sign-in needed). */
export function editorAssetRoutes(deps: { db: Kysely<DB> }): Router {
  const router = Router();

  router.get('/fonts/', async (_req, res) => {
    const rows = await deps.db.selectFrom('fonts').select(['font_name', 'web_font_url', 'local_font_name']).orderBy('position').orderBy('id').execute();
    const fonts: EditorFont[] = rows;
    res.set('Cache-Control', 'public, max-age=300').json(fonts);
  });

  router.get('/colors/', async (_req, res) => {
    const rows = await deps.db.selectFrom('colors').select('color_value').orderBy('position').orderBy('id').execute();
    const colors: EditorColor[] = rows;
    res.set('Cache-Control', 'public, max-age=300').json(colors);
  });

  return router;
}
