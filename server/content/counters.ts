import { sql, type Kysely } from 'kysely';
import type { Engine } from '../db/engine';
import type { DB } from '../db/schema';

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
const readable = (ref: string) => `(${ref}.visibility = 'public' and ${ref}.trashed = 0 and ${ref}.moderation = 'none')`;

/** `readable_until` of an account that is active and never bought a membership. */
export const READABLE_FOREVER = Number.MAX_SAFE_INTEGER;

/**
 * Until when the work of the users row `ref` may be read, as server/content/publicArticles.ts's
 * readableAuthor() decides it (active; a member only before the expiry, a tier without one lapsed).
 */
const readableUntil = (ref: string) =>
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
  const drop = create.map((statement) => `drop trigger if exists ${/create trigger (\w+)/.exec(statement)?.[1] ?? ''}`);
  return { create, drop };
}

function postgresTriggers(): { create: string[]; drop: string[] } {
  const fn = (name: string, body: string) =>
    // `set search_path from current`: the tables are the migration's schema's, whatever the caller's path.
    `create or replace function ${name}() returns trigger language plpgsql set search_path from current as $$
     begin
       ${body}
       return null;
     end $$`;
  const bump = (table: string, key: string, column: string, value: string) =>
    table === 'user_counts'
      ? `insert into user_counts (user_id, ${column}, readable_until) values (${value}, 1, ${readableUntilOf(value)})
           on conflict (user_id) do update set ${column} = user_counts.${column} + 1;`
      : `insert into ${table} (${key}, ${column}) values (${value}, 1) on conflict (${key}) do update set ${column} = ${table}.${column} + 1;`;
  const lower = (table: string, key: string, column: string, value: string) => `update ${table} set ${column} = ${column} - 1 where ${key} = ${value};`;
  const reaction = (column: string) => `
       if tg_op = 'INSERT' then ${bump('article_counts', 'article_id', column, 'new.article_id')}
       else ${lower('article_counts', 'article_id', column, 'old.article_id')}
       end if;`;
  const notificationIn = (ref: string) =>
    `insert into notification_counts (recipient_id, type, total, unread) values (${ref}.recipient_id, ${ref}.type, 1, (${ref}.read_at is null)::int)
       on conflict (recipient_id, type) do update set total = notification_counts.total + 1, unread = notification_counts.unread + (${ref}.read_at is null)::int;`;
  const notificationOut = (ref: string) =>
    `update notification_counts set total = total - 1, unread = unread - (${ref}.read_at is null)::int where recipient_id = ${ref}.recipient_id and type = ${ref}.type;`;
  const functions = [
    fn('likes_count', reaction('like_count')),
    fn('favorites_count', reaction('favorite_count')),
    fn(
      'comments_count',
      `if tg_op = 'INSERT' then
         if new.parent_id is null then ${bump('article_counts', 'article_id', 'comment_count', 'new.article_id')} end if;
       elsif old.parent_id is null then ${lower('article_counts', 'article_id', 'comment_count', 'old.article_id')}
       end if;`,
    ),
    fn(
      'follows_count',
      `if tg_op = 'INSERT' then ${bump('user_counts', 'user_id', 'follower_count', 'new.followee_id')}
       else ${lower('user_counts', 'user_id', 'follower_count', 'old.followee_id')}
       end if;`,
    ),
    fn(
      'articles_count',
      `if tg_op in ('UPDATE', 'DELETE') and ${readable('old')} then ${lower('user_counts', 'user_id', 'public_article_count', 'old.author_id')} end if;
       if tg_op in ('INSERT', 'UPDATE') and ${readable('new')} then ${bump('user_counts', 'user_id', 'public_article_count', 'new.author_id')} end if;`,
    ),
    fn('users_readable', `update user_counts set readable_until = ${readableUntil('new')} where user_id = new.id;`),
    fn(
      'notifications_count',
      `if tg_op in ('UPDATE', 'DELETE') then ${notificationOut('old')} end if;
       if tg_op in ('INSERT', 'UPDATE') then ${notificationIn('new')} end if;`,
    ),
  ];
  const triggers = [
    `create trigger likes_count after insert or delete on likes for each row execute function likes_count()`,
    `create trigger favorites_count after insert or delete on favorites for each row execute function favorites_count()`,
    `create trigger comments_count after insert or delete on comments for each row execute function comments_count()`,
    `create trigger follows_count after insert or delete on follows for each row execute function follows_count()`,
    `create trigger articles_count after insert or delete on articles for each row execute function articles_count()`,
    `create trigger articles_count_update after update of visibility, trashed, moderation, author_id on articles for each row
       when (${readable('old')} is distinct from ${readable('new')} or old.author_id <> new.author_id) execute function articles_count()`,
    `create trigger users_readable after update of status, membership_tier, membership_expires_at on users for each row execute function users_readable()`,
    `create trigger notifications_count after insert or delete on notifications for each row execute function notifications_count()`,
    `create trigger notifications_count_update after update of recipient_id, type, read_at on notifications for each row
       when (old.recipient_id <> new.recipient_id or old.type <> new.type or (old.read_at is null) <> (new.read_at is null)) execute function notifications_count()`,
  ];
  const drop = triggers.map((statement) => {
    const [, name, table] = /create trigger (\w+) .*? on (\w+)/s.exec(statement) ?? [];
    return `drop trigger if exists ${name ?? ''} on ${table ?? ''}`;
  });
  return { create: [...functions, ...triggers], drop };
}

/**
 * Recomputes every stored count from the rows it counts (after a bulk load with the triggers off,
 * or to check them: `npm run admin -- recount`). One transaction; the counts tables are written anew.
 */
export async function recountAll(db: Kysely<DB>): Promise<void> {
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
