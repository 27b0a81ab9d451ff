import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../tests/support/testDatabase';
import { preparedQuery } from './preparedQuery';

describe('prepared queries', () => {
  it('answer as the same query built each time, with values in every place and constants kept', async () => {
    const { db } = await testDatabase();
    for (const [id, key] of [
      [1, 'feed'],
      [2, 'article:a'],
      [3, 'article:b'],
      [4, 'feed'],
    ] as const) {
      await db
        .insertInto('content_changes')
        .values({ id, key, created_at: id * 10 })
        .execute();
    }
    const query = (kdb: Kysely<DB>, low: number, key: string, high: number) =>
      kdb
        .selectFrom('content_changes')
        .select(['id', 'key'])
        .where('id', '>', low)
        .where((eb) => eb.or([eb('key', '=', key), eb('key', '=', 'feed')]))
        .where('created_at', '<', high)
        .where('id', '<', high)
        .orderBy('id');
    const between = preparedQuery(3, query);
    const built = (low: number, key: string, high: number) => query(db, low, key, high).execute();
    const cases: Array<[number, string, number]> = [
      [0, 'article:a', 100],
      [1, 'article:b', 35],
      [3, 'nothing', 100],
      [0, "x' or 1=1 --", 100],
    ];
    for (const [low, key, high] of cases) {
      expect(await between.all(db, low, key, high)).toEqual(await built(low, key, high));
    }
    expect(await between.first(db, 0, 'article:b', 100)).toEqual({ id: 1, key: 'feed' });
    expect(await between.first(db, 9, 'feed', 100)).toBeUndefined();
  });

  it('refuses a query whose values do not all reach it as parameters', async () => {
    const { db } = await testDatabase();
    const folded = preparedQuery(1, (kdb, _unused: number) => kdb.selectFrom('content_changes').select(sql<number>`count(*)`.as('count')));
    await expect(folded.all(db, 1)).rejects.toThrow(/used 0 of its 1 values/);
  });
});
