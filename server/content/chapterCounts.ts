import { sql, type Kysely } from 'kysely';
import type { Engine } from '../db/engine';
import type { DB } from '../db/schema';
import { readable, readableUntil } from './counters';
import { dropPostgresTriggers, dropSqliteTriggers, plpgsqlTriggerFunction, statementTrigger as statement } from '../db/triggerSql';

/**
 * `user_counts.public_chapter_count` (migration 037): how many of an author's articles that anyone may
 * read by their own state are chapters of one of the author's booklets not in the trash. The lists of
 * loose articles leave chapters out (server/content/chapters.ts), so their `count` is the sum of
 * `public_article_count - public_chapter_count` over the authors who may be read: one index range,
 * instead of probing every chapter's article row on each request (57–90 ms at 15,000 chapters).
 *
 * A booklet holds its owner's articles only (server/booklets/manageItems.ts), so an author's
 * chapters are walked from their own booklets. Booklets change rarely and hold few items beside the
 * articles, so each trigger recomputes the count of the owners it touched instead of moving it by one:
 * the result is exact whatever order cascades (a deleted booklet, article or user) run in.
 */

/** The count of owner `owner` (an SQL expression), from their booklets. */
const chaptersOf = (owner: string) => `(select count(distinct bi.article_id) from booklets b
    join booklet_items bi on bi.booklet_id = b.id
    join articles a on a.id = bi.article_id
    where b.owner_id = ${owner} and b.trashed = 0 and a.author_id = b.owner_id and ${readable('a')})`;

/**
 * Recomputes the count of the owners selected by `owners` (a subquery or a list of SQL expressions), making
 * their counts row when missing (an author's first public article may be published after it was placed,
 * and the trigger that makes the row may run after this one); a user being deleted gets none. SQLite
 * writes one transaction at a time, so the count taken here is the committed one.
 */
const recountOwners = (owners: string) => `insert into user_counts (user_id, public_chapter_count, readable_until)
    select u.id, ${chaptersOf('u.id')}, ${readableUntil('u')} from users u where u.id in (${owners})
    on conflict (user_id) do update set public_chapter_count = excluded.public_chapter_count;`;

/** Whether an article is some booklet's item (any booklet: the recount decides what counts). */
const placed = (id: string) => `exists (select 1 from booklet_items where article_id = ${id})`;

/** Whether the author may have a counted chapter to lose (a deleted article cannot lower a zero). */
const hasChapters = (author: string) => `exists (select 1 from user_counts where user_id = ${author} and public_chapter_count > 0)`;

/** The triggers as statements for the engine: `create` installs them, `drop` removes them (bulk loads: drop, load, recount, create). */
export function chapterCountTriggers(engine: Engine): { create: string[]; drop: string[] } {
  return engine === 'sqlite' ? sqliteTriggers() : postgresTriggers();
}

function sqliteTriggers(): { create: string[]; drop: string[] } {
  const ownerOf = (booklet: string) => `select owner_id from booklets where id = ${booklet}`;
  const create = [
    `create trigger booklet_items_chapters_insert after insert on booklet_items when new.article_id is not null begin
       ${recountOwners(ownerOf('new.booklet_id'))}
     end`,
    `create trigger booklet_items_chapters_delete after delete on booklet_items when old.article_id is not null begin
       ${recountOwners(ownerOf('old.booklet_id'))}
     end`,
    `create trigger booklet_items_chapters_update after update of booklet_id, article_id on booklet_items
       when old.booklet_id <> new.booklet_id or old.article_id is not new.article_id begin
       ${recountOwners(`select owner_id from booklets where id in (old.booklet_id, new.booklet_id)`)}
     end`,
    `create trigger booklets_chapters_update after update of trashed, owner_id on booklets
       when old.trashed <> new.trashed or old.owner_id <> new.owner_id begin
       ${recountOwners('old.owner_id, new.owner_id')}
     end`,
    `create trigger booklets_chapters_delete after delete on booklets begin ${recountOwners('old.owner_id')} end`,
    `create trigger articles_chapters_update after update of visibility, trashed, moderation, author_id on articles
       when (${readable('old')} <> ${readable('new')} or old.author_id <> new.author_id) and ${placed('new.id')} begin
       ${recountOwners('old.author_id, new.author_id')}
     end`,
    `create trigger articles_chapters_delete after delete on articles when ${readable('old')} and ${hasChapters('old.author_id')} begin
       ${recountOwners('old.author_id')}
     end`,
  ];
  return { create, drop: dropSqliteTriggers(create) };
}

/**
 * PostgreSQL: statement-level triggers over transition tables, recounting each owner a statement touched
 * once. Two transactions placing chapters of one author at once would each count without the other's
 * uncommitted chapter and the last to write would win; so the owners' counts rows are made when missing
 * and locked first (in id order), and the count is taken after the lock, in a statement whose snapshot
 * (read committed) holds what the transaction waited for.
 */
function postgresTriggers(): { create: string[]; drop: string[] } {
  const fn = (name: string, owners: string) =>
    plpgsqlTriggerFunction(
      name,
      `insert into user_counts (user_id, readable_until) select u.id, ${readableUntil('u')} from users u where u.id in (${owners})
         on conflict (user_id) do nothing;
       perform 1 from user_counts where user_id in (${owners}) order by user_id for update;
       update user_counts set public_chapter_count = ${chaptersOf('user_counts.user_id')} where user_id in (${owners});`,
    );
  const ownersOfItems = (rows: string) => `select b.owner_id from ${rows} r join booklets b on b.id = r.booklet_id where r.article_id is not null`;
  const functions = [
    fn('booklet_items_chapters_added', ownersOfItems('new_rows')),
    fn('booklet_items_chapters_removed', ownersOfItems('old_rows')),
    fn('booklet_items_chapters_moved', `${ownersOfItems('old_rows')} union ${ownersOfItems('new_rows')}`),
    fn(
      'booklets_chapters_moved',
      `select o.owner_id from old_rows o join new_rows w on w.id = o.id where o.trashed <> w.trashed or o.owner_id <> w.owner_id
       union select w.owner_id from old_rows o join new_rows w on w.id = o.id where o.trashed <> w.trashed or o.owner_id <> w.owner_id`,
    ),
    fn('booklets_chapters_removed', 'select owner_id from old_rows'),
    fn(
      'articles_chapters_moved',
      `select a from old_rows o join new_rows w on w.id = o.id,
         lateral (values (o.author_id), (w.author_id)) authors (a)
       where (${readable('o')} <> ${readable('w')} or o.author_id <> w.author_id) and ${placed('w.id')}`,
    ),
    fn('articles_chapters_removed', `select author_id from old_rows o where ${readable('o')} and ${hasChapters('o.author_id')}`),
  ];
  const triggers = [
    statement('booklet_items_chapters_added', 'insert', 'booklet_items'),
    statement('booklet_items_chapters_removed', 'delete', 'booklet_items'),
    statement('booklet_items_chapters_moved', 'update', 'booklet_items'),
    statement('booklets_chapters_moved', 'update', 'booklets'),
    statement('booklets_chapters_removed', 'delete', 'booklets'),
    statement('articles_chapters_moved', 'update', 'articles'),
    statement('articles_chapters_removed', 'delete', 'articles'),
  ];
  return { create: [...functions, ...triggers], drop: dropPostgresTriggers(triggers) };
}

/** Recomputes every author's chapter count from the booklets (after a bulk load, by `npm run admin -- recount`, by migration 037). */
export async function recountChapters(db: Kysely<DB>): Promise<void> {
  await sql`update user_counts set public_chapter_count = 0 where public_chapter_count <> 0`.execute(db);
  await sql.raw(recountOwners(`select distinct owner_id from booklets where trashed = 0`)).execute(db);
}
