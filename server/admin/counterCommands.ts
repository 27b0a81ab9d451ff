import { sql, type Kysely } from 'kysely';
import { recountAll } from '../content/keptCounts';
import type { DB } from '../db/schema';

interface Command {
  usage: string;
  run: (args: string[], deps: { db: Kysely<DB>; now: () => number }) => Promise<string>;
}

/** Every kept count as text, for comparing before and after a recount (zeros left by decrements count as no row). */
async function keptCounts(db: Kysely<DB>): Promise<Set<string>> {
  const rows = await sql<{ line: string }>`
    select 'a' || article_id || ':' || like_count || ':' || favorite_count || ':' || comment_count as line from article_counts
      where like_count <> 0 or favorite_count <> 0 or comment_count <> 0
    union all
    select 'u' || user_id || ':' || follower_count || ':' || public_article_count || ':' || public_chapter_count || ':' || readable_until from user_counts
      where follower_count <> 0 or public_article_count <> 0 or public_chapter_count <> 0
    union all
    select 'n' || recipient_id || ':' || type || ':' || total || ':' || unread from notification_counts where total <> 0`.execute(db);
  return new Set(rows.rows.map((r) => r.line));
}

/** The counts kept by triggers (server/content/keptCounts.ts, docs/decisions/056), recomputed from their rows. */
export const counterCommands: Readonly<Record<string, Command>> = {
  recount: {
    usage:
      'recount          (recomputes the kept like, favourite, comment, follower, article, chapter and notification counts, and the stats rows but their views and reads; says how many were off)',
    async run(args, { db }) {
      if (args.length > 0) throw new Error('recount takes no arguments');
      const started = performance.now();
      return db.transaction().execute(async (trx) => {
        const before = await keptCounts(trx);
        await recountAll(trx);
        const after = await keptCounts(trx);
        const changed = [...after].filter((line) => !before.has(line)).length + [...before].filter((line) => !after.has(line)).length;
        return `recounted ${after.size} counts in ${Math.round(performance.now() - started)} ms: ${changed === 0 ? 'all were right' : `${changed} rows were off and are now right`}`;
      });
    },
  },
};
