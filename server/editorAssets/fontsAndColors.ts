import type { Kysely } from 'kysely';
import type { EditorColor, EditorFont } from '../../shared/entities';
import type { DB } from '../db/schema';

/** The fonts the editor offers, in the operator's order. */
export function editorFonts(db: Kysely<DB>): Promise<EditorFont[]> {
  return db.selectFrom('fonts').select(['font_name', 'web_font_url', 'local_font_name']).orderBy('position').orderBy('id').execute();
}

/** The text colours the editor offers, in the operator's order. */
export function editorColors(db: Kysely<DB>): Promise<EditorColor[]> {
  return db.selectFrom('colors').select('color_value').orderBy('position').orderBy('id').execute();
}
