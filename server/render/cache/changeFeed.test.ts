import { describe, expect, it, vi } from 'vitest';
import { testDatabase } from '../../../tests/support/testDatabase';
import { contentChanged } from '../../content/changes';
import { ChangeFeed } from './changeFeed';

describe('the change feed', () => {
  it('applies each change made after it began once, and nothing from before', async () => {
    const { db } = await testDatabase();
    await contentChanged(db, ['feed', 'author:old'], 1);
    const applied: string[][] = [];
    const feed = new ChangeFeed(db, (keys) => applied.push(keys));
    await feed.fresh();
    await feed.sweep();
    expect(applied).toEqual([]);

    await contentChanged(db, ['article:a', 'author:ann'], 2);
    await Promise.all([feed.fresh(), feed.fresh(), feed.fresh()]);
    expect(applied).toEqual([['article:a', 'author:ann']]);
    await feed.sweep();
    await feed.fresh();
    expect(applied).toHaveLength(1);
  });

  it('picks up a row that became visible below ids it had already read', async () => {
    const { db } = await testDatabase();
    const applied: string[] = [];
    const feed = new ChangeFeed(db, (keys) => applied.push(...keys));
    await feed.fresh();
    await contentChanged(db, ['article:first'], 1);
    await contentChanged(db, ['article:second'], 2);
    // A slow transaction's row: committed after 'second' was read, with a lower id.
    const late = await db.selectFrom('content_changes').select('id').where('key', '=', 'article:first').executeTakeFirstOrThrow();
    await db.deleteFrom('content_changes').where('id', '=', late.id).execute();
    await feed.fresh();
    expect(applied).toEqual(['article:second']);
    await db.insertInto('content_changes').values({ id: late.id, key: 'article:first', created_at: 1 }).execute();
    await feed.fresh();
    expect(applied).toEqual(['article:second']);
    await feed.sweep();
    expect(applied).toEqual(['article:second', 'article:first']);
  });

  it('shares one query among the requests of one turn, and checks again for a request that came during a check', async () => {
    const { db } = await testDatabase();
    const applied: string[] = [];
    const feed = new ChangeFeed(db, (keys) => applied.push(...keys));
    await feed.fresh();
    const queries = vi.spyOn(db, 'executeQuery');
    await Promise.all(Array.from({ length: 20 }, () => feed.fresh()));
    expect(queries).toHaveBeenCalledTimes(1);

    // A change committed while a check is under way: the request that came after it waits for a later check.
    queries.mockClear();
    const first = feed.fresh();
    await new Promise((resolve) => setImmediate(resolve));
    await contentChanged(db, ['article:during'], 3);
    const second = feed.fresh();
    await first;
    await second;
    expect(applied).toEqual(['article:during']);
    expect(queries.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
