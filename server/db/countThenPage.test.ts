import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../tests/support/testDatabase';
import { countThenPage } from './countThenPage';

describe('countThenPage', () => {
  it('counts the whole list and reads the page asked, in the order and columns the page gives', async () => {
    const { db } = await testDatabase();
    for (let id = 1; id <= 7; id++) {
      await db
        .insertInto('content_changes')
        .values({ id, key: id % 2 ? 'feed' : 'other', created_at: id * 10 })
        .execute();
    }
    const feed = db.selectFrom('content_changes').where('key', '=', 'feed');
    const page = (n: number, size: number) => countThenPage(feed, n, size, (slice) => slice.select(['id']).orderBy('id', 'desc').execute());
    expect(await page(1, 3)).toEqual({ count: 4, rows: [{ id: 7 }, { id: 5 }, { id: 3 }] });
    expect(await page(2, 3)).toEqual({ count: 4, rows: [{ id: 1 }] });
    expect(await page(3, 3)).toEqual({ count: 4, rows: [] });
  });

  it('lets the page use its slice as a subquery of ids', async () => {
    const { db } = await testDatabase();
    for (let id = 1; id <= 5; id++) {
      await db
        .insertInto('content_changes')
        .values({ id, key: `k${id}`, created_at: id })
        .execute();
    }
    const all = db.selectFrom('content_changes');
    const { count, rows } = await countThenPage(all, 2, 2, (slice) =>
      db.selectFrom('content_changes').select(['key']).where('id', 'in', slice.select('id').orderBy('id')).orderBy('id').execute(),
    );
    expect({ count, rows }).toEqual({ count: 5, rows: [{ key: 'k3' }, { key: 'k4' }] });
  });
});
