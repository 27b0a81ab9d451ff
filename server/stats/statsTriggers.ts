import type { Engine } from '../db/engine';
import { dropPostgresTriggers, dropSqliteTriggers, plpgsqlTriggerFunction as fn, statementTrigger as statement } from '../db/triggerSql';

/** An hour bucket of the stats tables: epoch hours (ms / 3,600,000), in SQL over a column of epoch ms. */
export const HOUR_MS = 3_600_000;
const hourOf = (ms: string) => `(${ms} / ${HOUR_MS})`;

/** Ledger kinds that move an author's sale income into or out of their wallet (server/payments/fulfil.ts, refunds/completeRefund.ts). */
export const INCOME_KINDS = ['booklet_sale', 'booklet_sale_refund'] as const;
const incomeKinds = INCOME_KINDS.map((kind) => `'${kind}'`).join(', ');

/**
 * The hourly stats rows (migration 041, docs/decisions/074) kept by triggers, in the same statement as
 * the row that changes them, whatever code path wrote it: likes, favourites and comments of an article
 * (not the author's own) count in `article_stats` and its author's `author_stats` at the hour the row
 * was made, and leave that hour when the row is deleted (net, at the hour of the act); follows count
 * in the followee's `author_stats`; a newsletter send counts when it becomes `sent`, at `sent_at`;
 * a booklet sale's wallet credit (and its refund's debit) adds to `income_cents` at the entry's time.
 * Views and reads are written by the page-view counter and the read beacon (server/stats/reads.ts).
 * Increments insert a missing row; decrements only update.
 */
export function statsTriggers(engine: Engine): { create: string[]; drop: string[] } {
  return engine === 'sqlite' ? sqliteTriggers() : postgresTriggers();
}

type ArticleTable = 'likes' | 'favorites' | 'comments';
const ARTICLE_TABLES: readonly { table: ArticleTable; column: string; actor: string }[] = [
  { table: 'likes', column: 'likes', actor: 'user_id' },
  { table: 'favorites', column: 'favorites', actor: 'user_id' },
  { table: 'comments', column: 'comments', actor: 'author_id' },
];

function sqliteTriggers(): { create: string[]; drop: string[] } {
  const add = (table: 'article_stats' | 'author_stats', key: string, column: string, keyValue: string, hour: string, amount: string) =>
    `insert into ${table} (${key}, hour, ${column}) select ${keyValue}, ${hour}, ${amount} where ${keyValue} is not null
       on conflict (${key}, hour) do update set ${column} = ${column} + excluded.${column};`;
  const take = (table: 'article_stats' | 'author_stats', key: string, column: string, keyValue: string, hour: string) =>
    `update ${table} set ${column} = ${column} - 1 where ${key} = ${keyValue} and hour = ${hour};`;
  const authorOf = (ref: string) => `(select a.author_id from articles a where a.id = ${ref}.article_id)`;
  const create = [
    ...ARTICLE_TABLES.flatMap(({ table, column, actor }) => [
      `create trigger ${table}_stats_insert after insert on ${table} when new.${actor} <> ${authorOf('new')} begin
         ${add('article_stats', 'article_id', column, 'new.article_id', hourOf('new.created_at'), '1')}
         ${add('author_stats', 'author_id', column, authorOf('new'), hourOf('new.created_at'), '1')}
       end`,
      `create trigger ${table}_stats_delete after delete on ${table} when old.${actor} <> ${authorOf('old')} begin
         ${take('article_stats', 'article_id', column, 'old.article_id', hourOf('old.created_at'))}
         ${take('author_stats', 'author_id', column, authorOf('old'), hourOf('old.created_at'))}
       end`,
    ]),
    `create trigger follows_stats_insert after insert on follows begin
       ${add('author_stats', 'author_id', 'followers', 'new.followee_id', hourOf('new.created_at'), '1')}
     end`,
    `create trigger follows_stats_delete after delete on follows begin
       ${take('author_stats', 'author_id', 'followers', 'old.followee_id', hourOf('old.created_at'))}
     end`,
    `create trigger newsletter_sends_stats_sent after update of status on newsletter_sends
       when new.status = 'sent' and old.status <> 'sent' and new.sent_at is not null begin
       ${add('article_stats', 'article_id', 'newsletter_sends', 'new.article_id', hourOf('new.sent_at'), '1')}
       ${add('author_stats', 'author_id', 'newsletter_sends', authorOf('new'), hourOf('new.sent_at'), '1')}
     end`,
    `create trigger ledger_entries_stats_income after insert on ledger_entries
       when new.kind in (${incomeKinds}) and new.account like 'wallet:%' begin
       ${add('author_stats', 'author_id', 'income_cents', 'cast(substr(new.account, 8) as integer)', hourOf('new.created_at'), 'new.amount_cents')}
     end`,
  ];
  return { create, drop: dropSqliteTriggers(create) };
}

/** PostgreSQL: statement-level triggers over transition tables, one aggregated change per stats row (as server/content/counters.ts). */
function postgresTriggers(): { create: string[]; drop: string[] } {
  const add = (table: 'article_stats' | 'author_stats', key: string, column: string, changes: string) =>
    `insert into ${table} (${key}, hour, ${column}) select k, h, n from (${changes}) d
       on conflict (${key}, hour) do update set ${column} = ${table}.${column} + excluded.${column};`;
  const take = (table: 'article_stats' | 'author_stats', key: string, column: string, changes: string) =>
    `update ${table} t set ${column} = t.${column} - d.n from (${changes}) d where t.${key} = d.k and t.hour = d.h;`;
  /** The rows of `rows` per (key, hour), joined to their article, not the article author's own. */
  const perArticle = (rows: string, actor: string, key: 'r.article_id' | 'a.author_id', at = 'r.created_at') =>
    `select ${key} as k, ${hourOf(at)} as h, count(*) as n from ${rows} r join articles a on a.id = r.article_id
       where r.${actor} <> a.author_id group by 1, 2`;
  const functions = [
    ...ARTICLE_TABLES.flatMap(({ table, column, actor }) => [
      fn(
        `${table}_stats_added`,
        add('article_stats', 'article_id', column, perArticle('new_rows', actor, 'r.article_id')) +
          add('author_stats', 'author_id', column, perArticle('new_rows', actor, 'a.author_id')),
      ),
      fn(
        `${table}_stats_removed`,
        take('article_stats', 'article_id', column, perArticle('old_rows', actor, 'r.article_id')) +
          take('author_stats', 'author_id', column, perArticle('old_rows', actor, 'a.author_id')),
      ),
    ]),
    fn(
      'follows_stats_added',
      add('author_stats', 'author_id', 'followers', `select followee_id as k, ${hourOf('created_at')} as h, count(*) as n from new_rows group by 1, 2`),
    ),
    fn(
      'follows_stats_removed',
      take('author_stats', 'author_id', 'followers', `select followee_id as k, ${hourOf('created_at')} as h, count(*) as n from old_rows group by 1, 2`),
    ),
    fn(
      'newsletter_sends_stats_sent',
      (() => {
        const sent = (key: string) =>
          `select ${key} as k, ${hourOf('w.sent_at')} as h, count(*) as n from old_rows o join new_rows w on w.id = o.id join articles a on a.id = w.article_id
             where w.status = 'sent' and o.status <> 'sent' and w.sent_at is not null group by 1, 2`;
        return (
          add('article_stats', 'article_id', 'newsletter_sends', sent('w.article_id')) +
          add('author_stats', 'author_id', 'newsletter_sends', sent('a.author_id'))
        );
      })(),
    ),
    fn(
      'ledger_entries_stats_income',
      add(
        'author_stats',
        'author_id',
        'income_cents',
        `select cast(substring(account from 8) as bigint) as k, ${hourOf('created_at')} as h, sum(amount_cents) as n from new_rows
           where kind in (${incomeKinds}) and account like 'wallet:%' group by 1, 2`,
      ),
    ),
  ];
  const triggers = [
    ...['likes', 'favorites', 'comments', 'follows'].flatMap((table) => [
      statement(`${table}_stats_added`, 'insert', table),
      statement(`${table}_stats_removed`, 'delete', table),
    ]),
    statement('newsletter_sends_stats_sent', 'update', 'newsletter_sends'),
    statement('ledger_entries_stats_income', 'insert', 'ledger_entries'),
  ];
  return { create: [...functions, ...triggers], drop: dropPostgresTriggers(triggers) };
}
