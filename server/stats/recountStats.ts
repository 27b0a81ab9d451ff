import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HOUR_MS, INCOME_KINDS } from './statsTriggers';

/**
 * Recomputes the stats counters that the triggers of server/stats/statsTriggers.ts keep, from the rows
 * they count (migration 041's backfill, `npm run admin -- recount`, bulk loads): likes, favourites,
 * comments, follows, newsletter sends and sale income, each at the hour its row was made. Views and
 * reads have no rows to recount from (a day's readers are swept, decision 059) and are left as they are.
 * Run inside the caller's transaction.
 */
export async function recountStats(trx: Kysely<DB>): Promise<void> {
  await sql`update article_stats set likes = 0, favorites = 0, comments = 0, newsletter_sends = 0`.execute(trx);
  await sql`update author_stats set likes = 0, favorites = 0, comments = 0, followers = 0, newsletter_sends = 0, income_cents = 0`.execute(trx);
  const hour = (column: string) => sql.raw(`(${column} / ${HOUR_MS})`);
  for (const [table, column, actor] of [
    ['likes', 'likes', 'user_id'],
    ['favorites', 'favorites', 'user_id'],
    ['comments', 'comments', 'author_id'],
  ] as const) {
    const rows = sql.raw(table);
    const counter = sql.raw(column);
    const who = sql.raw(`r.${actor}`);
    await sql`insert into article_stats (article_id, hour, ${counter})
        select r.article_id, ${hour('r.created_at')}, count(*) from ${rows} r join articles a on a.id = r.article_id
        where ${who} <> a.author_id group by 1, 2
        on conflict (article_id, hour) do update set ${counter} = excluded.${counter}`.execute(trx);
    await sql`insert into author_stats (author_id, hour, ${counter})
        select a.author_id, ${hour('r.created_at')}, count(*) from ${rows} r join articles a on a.id = r.article_id
        where ${who} <> a.author_id group by 1, 2
        on conflict (author_id, hour) do update set ${counter} = excluded.${counter}`.execute(trx);
  }
  await sql`insert into author_stats (author_id, hour, followers)
      select followee_id, ${hour('created_at')}, count(*) from follows where true group by 1, 2
      on conflict (author_id, hour) do update set followers = excluded.followers`.execute(trx);
  await sql`insert into article_stats (article_id, hour, newsletter_sends)
      select article_id, ${hour('sent_at')}, count(*) from newsletter_sends where status = 'sent' and sent_at is not null group by 1, 2
      on conflict (article_id, hour) do update set newsletter_sends = excluded.newsletter_sends`.execute(trx);
  await sql`insert into author_stats (author_id, hour, newsletter_sends)
      select a.author_id, ${hour('s.sent_at')}, count(*) from newsletter_sends s join articles a on a.id = s.article_id
      where s.status = 'sent' and s.sent_at is not null group by 1, 2
      on conflict (author_id, hour) do update set newsletter_sends = excluded.newsletter_sends`.execute(trx);
  await sql`insert into author_stats (author_id, hour, income_cents)
      select cast(substr(l.account, 8) as bigint), ${hour('l.created_at')}, sum(l.amount_cents) from ledger_entries l
      where l.kind in (${sql.join(INCOME_KINDS.map((kind) => sql.lit(kind)))}) and l.account like 'wallet:%'
        and exists (select 1 from users u where u.id = cast(substr(l.account, 8) as bigint))
      group by 1, 2
      on conflict (author_id, hour) do update set income_cents = excluded.income_cents`.execute(trx);
}
