import { describe, expect, it } from 'vitest';
import type { Page } from '../../shared/entities';
import { PagedList } from './PagedList';
import { byLink, byNumber } from './pageSource';

interface Row {
  id: number;
}

const rows = (...ids: number[]): Row[] => ids.map((id) => ({ id }));
const page = (results: Row[], count: number, next: string | null): Page<Row> => ({ count, next, previous: null, results });

/** A promise settled by the test, to see the list while a page is on its way. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Five rows, two a page, linked by `next` as DRF links them. */
function linked() {
  const asked: (string | undefined)[] = [];
  const pages: Record<string, Page<Row>> = {
    first: page(rows(1, 2), 5, 'http://x/api/list/?page=2'),
    'http://x/api/list/?page=2': page(rows(3, 4), 5, 'http://x/api/list/?page=3'),
    'http://x/api/list/?page=3': page(rows(5), 5, null),
  };
  const list = new PagedList(
    byLink((next?: string) => {
      asked.push(next);
      const answer = pages[next ?? 'first'];
      return answer ? Promise.resolve(answer) : Promise.reject(new Error('no such page'));
    }),
  );
  return { list, asked };
}

/** Five rows, two a page, asked for by number. */
function numbered() {
  const asked: number[] = [];
  const all = rows(1, 2, 3, 4, 5);
  const list = new PagedList(
    byNumber((n: number) => {
      asked.push(n);
      const results = all.slice((n - 1) * 2, n * 2);
      if (results.length === 0) return Promise.reject(new Error('Invalid page.'));
      return Promise.resolve(page(results, all.length, n * 2 < all.length ? `http://x/api/list/?page=${n + 1}` : null));
    }),
  );
  return { list, asked };
}

describe('PagedList', () => {
  it('loads the first page once, with its count, link and flags', async () => {
    const { list, asked } = linked();
    expect([list.loaded, list.finished, list.items]).toEqual([false, false, []]);
    await list.loadFirst();
    expect(list.items).toEqual(rows(1, 2));
    expect(list.count).toBe(5);
    expect(list.next).toBe('http://x/api/list/?page=2');
    expect([list.loaded, list.loading, list.finished, list.page]).toEqual([true, false, false, 1]);
    await list.loadFirst();
    expect(asked).toEqual([undefined]);
  });

  it('follows the next links, appending, until it is finished', async () => {
    const { list, asked } = linked();
    await list.loadFirst();
    await list.loadMore();
    expect(list.items).toEqual(rows(1, 2, 3, 4));
    expect(list.finished).toBe(false);
    await list.loadMore();
    expect(list.items).toEqual(rows(1, 2, 3, 4, 5));
    expect([list.next, list.finished, list.page]).toEqual([null, true, 3]);
    await list.loadMore();
    expect(asked).toEqual([undefined, 'http://x/api/list/?page=2', 'http://x/api/list/?page=3']);
  });

  it('asks for page numbers, appending with more or showing one page alone', async () => {
    const { list, asked } = numbered();
    await list.loadFirst();
    await list.loadMore();
    expect(list.items).toEqual(rows(1, 2, 3, 4));
    await list.loadMore();
    expect([list.items.length, list.finished, list.next]).toEqual([5, true, null]);
    await list.loadPage(2);
    expect(list.items).toEqual(rows(3, 4));
    expect([list.page, list.count, list.next]).toEqual([2, 5, 'http://x/api/list/?page=3']);
    expect(asked).toEqual([1, 2, 3, 2]);
  });

  it('leaves the list as it was when a page fails, and tries again later', async () => {
    const { list } = numbered();
    await list.loadPage(2);
    const before = list.toJSON();
    await expect(list.loadPage(9)).rejects.toThrow('Invalid page.');
    expect(list.toJSON()).toEqual(before);
    expect(list.loading).toBe(false);

    let fail = true;
    const flaky = new PagedList(
      byLink((next?: string) =>
        next && fail ? Promise.reject(new Error('offline')) : Promise.resolve(page(next ? rows(3) : rows(1, 2), 3, next ? null : 'http://x/?page=2')),
      ),
    );
    await flaky.loadFirst();
    await expect(flaky.loadMore()).rejects.toThrow('offline');
    expect([flaky.items, flaky.next, flaky.page, flaky.loading]).toEqual([rows(1, 2), 'http://x/?page=2', 1, false]);
    fail = false;
    await flaky.loadMore();
    expect(flaky.items).toEqual(rows(1, 2, 3));
  });

  it('skips more while a page is on its way, and drops repeats', async () => {
    const second = deferred<Page<Row>>();
    let calls = 0;
    const list = new PagedList(
      byLink((next?: string) => {
        calls++;
        return next ? second.promise : Promise.resolve(page(rows(1, 2), 4, 'http://x/?page=2'));
      }),
    );
    await list.loadFirst();
    const more = list.loadMore();
    expect(list.loading).toBe(true);
    await list.loadMore();
    expect(calls).toBe(2);
    // A row published meanwhile pushed row 2 onto the second page.
    second.resolve(page(rows(2, 3), 4, null));
    await more;
    expect(list.items).toEqual(rows(1, 2, 3));
  });

  it('lets a later first page win over one still on its way', async () => {
    const slow = deferred<Page<Row>>();
    const list = new PagedList(byNumber((n: number) => (n === 1 ? slow.promise : Promise.resolve(page(rows(n * 10), 30, null)))));
    const first = list.loadPage(1);
    await list.loadPage(3);
    slow.resolve(page(rows(1, 2), 30, 'http://x/?page=2'));
    await first;
    expect([list.items, list.page, list.loading]).toEqual([rows(30), 3, false]);
  });

  it('tells whether a page asked for became the list or was overtaken by a later first page', async () => {
    const slow = deferred<Page<Row>>();
    const list = new PagedList(byNumber((n: number) => (n === 1 ? slow.promise : Promise.resolve(page(rows(n * 10), 30, null)))));
    const first = list.loadPage(1);
    expect(await list.loadPage(2)).toBe(true);
    slow.resolve(page(rows(1), 30, null));
    expect(await first).toBe(false);
    expect(list.items).toEqual(rows(20));
  });

  it('puts items in first, changes and drops them in place, keeping the count in step', async () => {
    const { list } = linked();
    await list.loadFirst();
    list.prepend({ id: 9 });
    expect([list.items, list.count]).toEqual([rows(9, 1, 2), 6]);
    list.prepend({ id: 2 });
    expect([list.items, list.count]).toEqual([rows(2, 9, 1), 6]);

    const named = new PagedList(
      byLink(() =>
        Promise.resolve({
          count: 2,
          next: null,
          previous: null,
          results: [
            { id: 1, name: 'a' },
            { id: 2, name: 'b' },
          ],
        }),
      ),
    );
    await named.loadFirst();
    named.update(2, (row) => ({ ...row, name: 'B' }));
    named.update(7, () => ({ id: 7, name: 'never' }));
    expect(named.items).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'B' },
    ]);
    named.remove(1);
    named.remove(1);
    expect([named.items, named.count, named.finished]).toEqual([[{ id: 2, name: 'B' }], 1, true]);

    // A page appended later drops the repeat of an item put in by hand.
    await list.loadMore();
    expect(list.items).toEqual(rows(2, 9, 1, 3, 4));
  });

  it('takes pages fetched elsewhere: a first replaces, a later one appends', () => {
    const { list } = linked();
    list.replace(page(rows(7, 8), 3, 'http://x/api/list/?page=2'), true);
    list.replace(page(rows(8, 9), 3, null), false);
    expect([list.items, list.page, list.finished]).toEqual([rows(7, 8, 9), 2, true]);
    list.replace(page(rows(1), 1, null), true);
    expect(list.items).toEqual(rows(1));
  });

  it('names no page but the first of a list paged by link', async () => {
    const { list } = linked();
    await expect(list.loadPage(2)).rejects.toThrow(RangeError);
    await list.reload();
    expect(list.items).toEqual(rows(1, 2));
  });

  it('round-trips through its snapshot, in the shape the server writes', async () => {
    const { list } = linked();
    await list.loadFirst();
    await list.loadMore();
    const snapshot = JSON.parse(JSON.stringify(list));
    expect(Object.keys(snapshot)).toEqual(['items', 'count', 'next', 'loaded']);
    const again = new PagedList(
      byLink<Row>(() => Promise.reject(new Error('not asked'))),
      snapshot,
    );
    expect(again.toJSON()).toEqual(list.toJSON());
    await again.loadFirst();
    expect(again.items).toEqual(rows(1, 2, 3, 4));

    const byPage = numbered().list;
    await byPage.loadPage(2);
    const numberedSnapshot = JSON.parse(JSON.stringify(byPage));
    expect(numberedSnapshot).toMatchObject({ page: 2, loaded: true });
    const asked: number[] = [];
    const hydrated = new PagedList(
      byNumber<Row>((n) => {
        asked.push(n);
        return Promise.resolve(page(rows(5), 5, null));
      }),
      numberedSnapshot,
    );
    await hydrated.loadMore();
    expect(asked).toEqual([3]);
    expect(hydrated.items).toEqual(rows(3, 4, 5));
  });
});
