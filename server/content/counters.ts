import { sql, type Kysely } from 'kysely';
import type { Engine } from '../db/engine';
import type { DB } from '../db/schema';
import { dropPostgresTriggers, dropSqliteTriggers, plpgsqlTriggerFunction as fn, statementTrigger as statement } from '../db/triggerSql';

/**
 * Counts that pages show on every view, kept with the rows they count (migration 029,
 * docs/decisions/055): database triggers move them in the same statement, so in the same
 * transaction, as the like, favourite, comment, follow, article or notification that changes
 * them, whichever code path (or `npm run admin`, or another process) wrote the row.
 *
 * - `article_counts`: an article's likes, favourites and top-level comments (what its comment list counts);
 * - `user_counts`: a user's followers, their articles anyone may read by the article's own state
 *   (public, not trashed, not moderated), and until when the user's work may be read (`readable_until`,
 *   epoch ms: 0 for an account that is not active or whose membership has lapsed, the membership's
 *   expiry for a member, `READABLE_FOREVER` otherwise; moved by a trigger on users), so that
 *   "articles anyone may read" is a sum over one index: `readable_until > now`;
 * - `notification_counts`: a recipient's notifications of one kind, and how many of them are unread.
 *
 * Increments insert the counter row when it is missing; decrements only update (a row deleted with its
 * article or user by a cascade is not brought back). Readers take a missing row as zeros.
 */

/** An article readable by its own state, as a SQL condition on the row `ref` (NEW or OLD). */
export const readable = (ref: string) => `(${ref}.visibility = 'public' and ${ref}.trashed = 0 and ${ref}.moderation = 'none')`;

/** `readable_until` of an account that is active and never bought a membership. */
export const READABLE_FOREVER = Number.MAX_SAFE_INTEGER;

/**
 * Until when the work of the users row `ref` may be read, as server/content/publicArticles.ts's
 * readableAuthor() decides it (active; a member only before the expiry, a tier without one lapsed).
 */
export const readableUntil = (ref: string) =>
  `(case when ${ref}.status <> 'active' then 0 when ${ref}.membership_tier is null then ${READABLE_FOREVER} else coalesce(${ref}.membership_expires_at, 0) end)`;
/** The same for the user of id `id`, for a counts row made by a trigger. */
const readableUntilOf = (id: string) => `(select ${readableUntil('u')} from users u where u.id = ${id})`;

/** The triggers as statements for the engine: `create` installs them, `drop` removes them (bulk loads: drop, load, `recountAll`, create). */
export function counterTriggers(engine: Engine): { create: string[]; drop: string[] } {
  return engine === 'sqlite' ? sqliteTriggers() : postgresTriggers();
}

function sqliteTriggers(): { create: string[]; drop: string[] } {
  const bump = (table: string, key: string, column: string, value: string, delta: string) =>
    table === 'user_counts'
      ? `insert into user_counts (user_id, ${column}, readable_until) values (${value}, ${delta}, ${readableUntilOf(value)})
           on conflict (user_id) do update set ${column} = ${column} + ${delta};`
      : `insert into ${table} (${key}, ${column}) values (${value}, ${delta}) on conflict (${key}) do update set ${column} = ${column} + ${delta};`;
  const lower = (table: string, key: string, column: string, value: string) => `update ${table} set ${column} = ${column} - 1 where ${key} = ${value};`;
  const notification = (ref: string, sign: '+' | '-') =>
    sign === '+'
      ? `insert into notification_counts (recipient_id, type, total, unread) values (${ref}.recipient_id, ${ref}.type, 1, ${ref}.read_at is null)
           on conflict (recipient_id, type) do update set total = total + 1, unread = unread + (${ref}.read_at is null);`
      : `update notification_counts set total = total - 1, unread = unread - (${ref}.read_at is null)
           where recipient_id = ${ref}.recipient_id and type = ${ref}.type;`;
  const create = [
    ...(['likes', 'favorites'] as const).flatMap((table) => {
      const column = table === 'likes' ? 'like_count' : 'favorite_count';
      return [
        `create trigger ${table}_count_insert after insert on ${table} begin ${bump('article_counts', 'article_id', column, 'new.article_id', '1')} end`,
        `create trigger ${table}_count_delete after delete on ${table} begin ${lower('article_counts', 'article_id', column, 'old.article_id')} end`,
      ];
    }),
    `create trigger comments_count_insert after insert on comments when new.parent_id is null begin ${bump('article_counts', 'article_id', 'comment_count', 'new.article_id', '1')} end`,
    `create trigger comments_count_delete after delete on comments when old.parent_id is null begin ${lower('article_counts', 'article_id', 'comment_count', 'old.article_id')} end`,
    `create trigger follows_count_insert after insert on follows begin ${bump('user_counts', 'user_id', 'follower_count', 'new.followee_id', '1')} end`,
    `create trigger follows_count_delete after delete on follows begin ${lower('user_counts', 'user_id', 'follower_count', 'old.followee_id')} end`,
    `create trigger articles_count_insert after insert on articles when ${readable('new')} begin ${bump('user_counts', 'user_id', 'public_article_count', 'new.author_id', '1')} end`,
    `create trigger articles_count_delete after delete on articles when ${readable('old')} begin ${lower('user_counts', 'user_id', 'public_article_count', 'old.author_id')} end`,
    `create trigger articles_count_update after update of visibility, trashed, moderation, author_id on articles
       when ${readable('old')} <> ${readable('new')} or old.author_id <> new.author_id begin
       update user_counts set public_article_count = public_article_count - 1 where user_id = old.author_id and ${readable('old')};
       insert into user_counts (user_id, public_article_count, readable_until) select new.author_id, 1, ${readableUntilOf('new.author_id')} where ${readable('new')}
         on conflict (user_id) do update set public_article_count = public_article_count + 1;
     end`,
    `create trigger users_readable_update after update of status, membership_tier, membership_expires_at on users begin
       update user_counts set readable_until = ${readableUntil('new')} where user_id = new.id;
     end`,
    `create trigger notifications_count_insert after insert on notifications begin ${notification('new', '+')} end`,
    `create trigger notifications_count_delete after delete on notifications begin ${notification('old', '-')} end`,
    `create trigger notifications_count_update after update of recipient_id, type, read_at on notifications begin
       ${notification('old', '-')}
       ${notification('new', '+')}
     end`,
  ];
  return { create, drop: dropSqliteTriggers(create) };
}

/**
 * PostgreSQL: statement-level triggers over transition tables, each applying one aggregated change
 * per counter row. Row-level triggers updated one counter row once per row changed: marking 45,000
 * notifications read took 122 s instead of 2 s, every update of the same row inside one transaction
 * adding a version that the next one had to step over.
 */
function postgresTriggers(): { create: string[]; drop: string[] } {
  /** Adds the positive changes (a row made when missing), then takes off the negative ones (rows gone with a cascade stay gone). */
  const apply = (table: string, key: string, column: string, changes: string) => {
    const made =
      table === 'user_counts'
        ? `insert into user_counts (user_id, ${column}, readable_until) select k, n, ${readableUntilOf('k')} from (${changes}) d where n > 0`
        : `insert into ${table} (${key}, ${column}) select k, n from (${changes}) d where n > 0`;
    return `${made} on conflict (${key}) do update set ${column} = ${table}.${column} + excluded.${column};
       update ${table} t set ${column} = t.${column} + d.n from (${changes}) d where t.${key} = d.k and d.n < 0;`;
  };
  const counted = (rows: string, key: string, sign: 1 | -1, where = 'true') =>
    `select ${key} as k, ${sign} * count(*) as n from ${rows} where ${where} group by ${key}`;
  /** Per article, the rows of one table added (insert) or removed (delete). */
  const perArticle = (name: string, column: string, where = 'true') => [
    fn(`${name}_added`, apply('article_counts', 'article_id', column, counted('new_rows', 'article_id', 1, where))),
    fn(`${name}_removed`, apply('article_counts', 'article_id', column, counted('old_rows', 'article_id', -1, where))),
  ];
  const readableOf = (ref: string) => readable(ref);
  /** An update that moved articles in or out of "readable" or to another author: the changes per author, from old and new rows side by side. */
  const articlesMoved = `select author_id as k, sum(n) as n from (
         select o.author_id, -1 as n from old_rows o join new_rows w on w.id = o.id
           where ${readableOf('o')} and (not ${readableOf('w')} or o.author_id <> w.author_id)
         union all
         select w.author_id, 1 from old_rows o join new_rows w on w.id = o.id
           where ${readableOf('w')} and (not ${readableOf('o')} or o.author_id <> w.author_id)
       ) moved group by author_id`;
  const notificationsIn = (changes: string) =>
    `insert into notification_counts (recipient_id, type, total, unread) select recipient_id, type, t, u from (${changes}) d where t > 0
       on conflict (recipient_id, type) do update set total = notification_counts.total + excluded.total, unread = notification_counts.unread + excluded.unread;
     update notification_counts c set total = c.total + d.t, unread = c.unread + d.u from (${changes}) d
       where c.recipient_id = d.recipient_id and c.type = d.type and d.t <= 0;`;
  const notificationsOf = (rows: string, sign: 1 | -1) =>
    `select recipient_id, type, ${sign} * count(*) as t, ${sign} * sum((read_at is null)::int) as u from ${rows} group by recipient_id, type`;
  const notificationChanged = `(o.recipient_id <> w.recipient_id or o.type <> w.type or (o.read_at is null) <> (w.read_at is null))`;
  const notificationsMoved = `select recipient_id, type, sum(t) as t, sum(u) as u from (
         select o.recipient_id, o.type, -1 as t, -((o.read_at is null)::int) as u from old_rows o join new_rows w on w.id = o.id where ${notificationChanged}
         union all
         select w.recipient_id, w.type, 1, (w.read_at is null)::int from old_rows o join new_rows w on w.id = o.id where ${notificationChanged}
       ) moved group by recipient_id, type`;
  const functions = [
    ...perArticle('likes_count', 'like_count'),
    ...perArticle('favorites_count', 'favorite_count'),
    ...perArticle('comments_count', 'comment_count', 'parent_id is null'),
    fn('follows_count_added', apply('user_counts', 'user_id', 'follower_count', counted('new_rows', 'followee_id', 1))),
    fn('follows_count_removed', apply('user_counts', 'user_id', 'follower_count', counted('old_rows', 'followee_id', -1))),
    fn('articles_count_added', apply('user_counts', 'user_id', 'public_article_count', counted('new_rows', 'author_id', 1, readable('new_rows')))),
    fn('articles_count_removed', apply('user_counts', 'user_id', 'public_article_count', counted('old_rows', 'author_id', -1, readable('old_rows')))),
    fn('articles_count_moved', apply('user_counts', 'user_id', 'public_article_count', articlesMoved)),
    fn('users_readable', `update user_counts c set readable_until = ${readableUntil('w')} from new_rows w where c.user_id = w.id;`),
    fn('notifications_count_added', notificationsIn(notificationsOf('new_rows', 1))),
    fn('notifications_count_removed', notificationsIn(notificationsOf('old_rows', -1))),
    fn('notifications_count_moved', notificationsIn(notificationsMoved)),
  ];
  const triggers = [
    ...['likes', 'favorites', 'comments', 'follows', 'articles', 'notifications'].flatMap((table) => [
      statement(`${table}_count_added`, 'insert', table),
      statement(`${table}_count_removed`, 'delete', table),
    ]),
    statement('articles_count_moved', 'update', 'articles'),
    statement('users_readable', 'update', 'users'),
    statement('notifications_count_moved', 'update', 'notifications'),
  ];
  return { create: [...functions, ...triggers], drop: dropPostgresTriggers(triggers) };
}

/**
 * Recomputes the counts of migration 029 from the rows they count. One transaction; the counts tables
 * are written anew. Everything kept, with the chapter counts, is recounted by server/content/keptCounts.ts.
 */
export async function recountCounts(db: Kysely<DB>): Promise<void> {
  // Inside a migration (already a transaction) as it is; else in a transaction of its own.
  if (db.isTransaction) return recount(db);
  await db.transaction().execute(recount);
}

async function recount(trx: Kysely<DB>): Promise<void> {
  await sql`delete from article_counts`.execute(trx);
  await sql`insert into article_counts (article_id, like_count, favorite_count, comment_count)
      select a.id, coalesce(l.n, 0), coalesce(f.n, 0), coalesce(c.n, 0)
      from articles a
      left join (select article_id, count(*) as n from likes group by article_id) l on l.article_id = a.id
      left join (select article_id, count(*) as n from favorites group by article_id) f on f.article_id = a.id
      left join (select article_id, count(*) as n from comments where parent_id is null group by article_id) c on c.article_id = a.id
      where l.n is not null or f.n is not null or c.n is not null`.execute(trx);
  await sql`delete from user_counts`.execute(trx);
  await sql`insert into user_counts (user_id, follower_count, public_article_count, readable_until)
      select u.id, coalesce(f.n, 0), coalesce(a.n, 0), ${sql.raw(readableUntil('u'))}
      from users u
      left join (select followee_id, count(*) as n from follows group by followee_id) f on f.followee_id = u.id
      left join (select author_id, count(*) as n from articles where ${sql.raw(readable('articles'))} group by author_id) a on a.author_id = u.id
      where f.n is not null or a.n is not null`.execute(trx);
  await sql`delete from notification_counts`.execute(trx);
  await sql`insert into notification_counts (recipient_id, type, total, unread)
      select recipient_id, type, count(*), sum(case when read_at is null then 1 else 0 end)
      from notifications group by recipient_id, type`.execute(trx);
}
