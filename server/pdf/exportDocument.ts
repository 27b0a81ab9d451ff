import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema';
import { articleDocumentHtml, type PdfWebFont } from './articleDocument';
import { cjkFontFaces } from './cjkFontFaces';
import { localGet } from './localGet';
import { themeStylesheet } from './themeStylesheet';

const fontList = z.array(z.object({ font_name: z.string(), web_font_url: z.string() }).loose());

/** The page Chromium prints for an export: the article as saved now, its theme sheet and the site's web fonts from `origin`. */
export async function exportDocumentHtml(db: Kysely<DB>, options: { exportId: number; origin: string; publicDir: string }): Promise<string> {
  const { exportId, origin, publicDir } = options;
  const row = await db
    .selectFrom('pdf_exports')
    .innerJoin('articles', 'articles.id', 'pdf_exports.article_id')
    .innerJoin('users', 'users.id', 'articles.author_id')
    .select(['articles.title', 'articles.content', 'articles.cover_url', 'articles.theme', 'articles.language', 'articles.modified_at', 'users.username'])
    .where('pdf_exports.id', '=', exportId)
    .executeTakeFirst();
  if (!row) throw new Error('the article no longer exists');
  const [themeCss, fonts] = await Promise.all([themeStylesheet(publicDir, row.theme), webFonts(origin)]);
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
