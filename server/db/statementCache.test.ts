import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statementCache';

describe('withStatementCache', () => {
  it('prepares each SQL text once, keeps the newest, and follows schema changes', async () => {
    const connection = new SQLite(':memory:');
    const prepare = vi.spyOn(connection, 'prepare');
    const db = new Kysely<{ notes: { id: number; text: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(connection, 3) }) });
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    for (const text of ['a', 'b', 'c'])
      await db
        .insertInto('notes')
        .values({ id: text.charCodeAt(0), text })
        .execute();
    const read = () => db.selectFrom('notes').select(['id', 'text']).where('id', '>', 0).orderBy('id').execute();
    expect((await read()).map((row) => row.text)).toEqual(['a', 'b', 'c']);
    const before = prepare.mock.calls.length;
    await read();
    await read();
    expect(prepare.mock.calls.length).toBe(before);
    // A kept statement still reads correctly after the table changes shape.
    await sql`alter table notes add column extra text`.execute(db);
    expect((await read()).length).toBe(3);
    // Past the bound the oldest goes and is prepared again when asked for.
    for (let n = 1; n <= 4; n++)
      await db
        .selectFrom('notes')
        .select('id')
        .where(
          'id',
          'in',
          Array.from({ length: n }, (_, i) => i + 1),
        )
        .execute();
    await db.insertInto('notes').values({ id: 100, text: 'd' }).execute();
    expect(prepare.mock.calls.length).toBeGreaterThan(before + 4);
    await db.destroy();
  });
});
