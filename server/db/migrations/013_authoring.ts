import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/** The rows this migration seeds; later changes to the lists are new migrations. */
interface SeededTables {
  fonts: { font_name: string; web_font_url: string; local_font_name: string; position: number };
  colors: { color_value: string; position: number };
}

/**
 * The editor (docs/decisions/018): article tags, the tab that last saved an
 * article, and the fonts and colours the editor offers. Web fonts are the self-hosted
 * @fontsource packages served under /fonts/<package>/ (server/api/editorAssets/fontFiles.ts);
 * `font_name` is the CSS family the stylesheet declares.
 */
export function authoring(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('article_tags')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('tag', 'varchar(20)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('article_tags_pk', ['article_id', 'tag'])
        .execute();
      await db.schema.createIndex('article_tags_tag').on('article_tags').columns(['tag']).execute();

      await db.schema
        .alterTable('articles')
        .addColumn('last_client_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();

      await withIdColumn(db.schema.createTable('fonts'), engine)
        .addColumn('font_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('web_font_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('local_font_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withIdColumn(db.schema.createTable('colors'), engine)
        .addColumn('color_value', 'varchar(32)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      const seeded = db as unknown as Kysely<SeededTables>;
      await seeded
        .insertInto('fonts')
        .values(FONTS.map(([font_name, web_font_url, local_font_name], position) => ({ font_name, web_font_url, local_font_name, position })))
        .execute();
      await seeded
        .insertInto('colors')
        .values(COLORS.map((color_value, position) => ({ color_value, position })))
        .execute();
    },
  };
}

/** [font_name, web_font_url, local_font_name]; the first is the editor's default. */
const FONTS: readonly (readonly [string, string, string])[] = [
  ['PingFangSC-Light', '', 'PingFangSC-Light'],
  ['Noto Serif SC', '/fonts/noto-serif-sc/400.css', ''],
  ['Ma Shan Zheng', '/fonts/ma-shan-zheng/400.css', ''],
  ['ZCOOL XiaoWei', '/fonts/zcool-xiaowei/400.css', ''],
  ['Lora', '/fonts/lora/400.css', ''],
];

/** Black (the default) first, then a palette that reads on the light themes. */
const COLORS: readonly string[] = [
  '#000000',
  '#595959',
  '#8c8c8c',
  '#c0392b',
  '#e67e22',
  '#d4a017',
  '#27ae60',
  '#16a085',
  '#2980b9',
  '#1f3a93',
  '#8e44ad',
  '#c2185b',
];
