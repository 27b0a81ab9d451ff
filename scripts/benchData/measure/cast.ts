import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../../server/db/connection';
import type { DB } from '../../../server/db/schema';
import { DEMO_AUTHOR } from '../../../server/startup/seed/demoContent';
import { BENCH_PASSWORD, emailOf, NAMED } from '../plan';
import type { Credentials } from './session';

/** Who signs in for a row. */
export type Who = 'plain' | 'heavy' | 'rich' | 'big';

/** The accounts and things of one database the rows ask for, by role. */
export interface Cast {
  credentials: Record<Who, Credentials>;
  hotSlug: string;
  famous: string;
}

/** The large database's named accounts; its hot article and most-followed author read from it. */
export async function largeCast(where: { dataDir: string; databaseUrl?: string }): Promise<Cast> {
  const account = (id: number): Credentials => ({ email: emailOf(id), password: BENCH_PASSWORD });
  return {
    credentials: { plain: account(NAMED.plainreader), heavy: account(NAMED.heavyreader), rich: account(NAMED.richreader), big: account(NAMED.bigauthor) },
    ...(await mostOf(where)),
  };
}

/**
 * The demo's counterparts: its reader (a wallet, no likes or follows) for the plain reader and the
 * buyer, its main author for the reader of notifications and the author of many articles.
 */
export async function demoCast(where: { dataDir: string; databaseUrl?: string }): Promise<Cast> {
  const reader: Credentials = { email: 'reader@zine.local', password: DEMO_AUTHOR.password };
  const author: Credentials = { email: DEMO_AUTHOR.email, password: DEMO_AUTHOR.password };
  return { credentials: { plain: reader, heavy: author, rich: reader, big: author }, ...(await mostOf(where)) };
}

/** The public article with the most comments and the author with the most followers. */
async function mostOf(where: { dataDir: string; databaseUrl?: string }): Promise<{ hotSlug: string; famous: string }> {
  const database = openDatabase(where.databaseUrl ? { dataDir: where.dataDir, databaseUrl: where.databaseUrl } : { dataDir: where.dataDir });
  try {
    const db: Kysely<DB> = database.db;
    const hot = await sql<{ slug: string }>`select slug from articles
      where id = (select article_id from comments group by article_id order by count(*) desc limit 1)`.execute(db);
    const famous = await sql<{ username: string }>`select u.username from users u
      where u.id = coalesce((select followee_id from follows group by followee_id order by count(*) desc limit 1),
                            (select author_id from articles group by author_id order by count(*) desc limit 1))`.execute(db);
    const hotSlug = hot.rows[0]?.slug;
    const name = famous.rows[0]?.username;
    if (!hotSlug || !name) throw new Error('the database has no commented article or no author');
    return { hotSlug, famous: name };
  } finally {
    await database.close();
  }
}
