import { describe, expect, it } from 'vitest';
import type { ManagedBooklet, ManagedBookletItem } from '../../../shared/bookletManagement';
import { ApiClient } from '../../api/client';
import type { ApiRequest } from '../../api/transport';
import { PageStores } from '../../stores/PageStores';
import { TipsStore } from '../tips/TipsStore';
import { BookletManagerStore } from './BookletManagerStore';

const booklet = (id: number, extra: Partial<ManagedBooklet> = {}): ManagedBooklet => ({
  id,
  slug: `b${id}`,
  name: `Booklet ${id}`,
  heading: '',
  description: '',
  cover: '',
  price: '0.00',
  owner: { username: 'ann' },
  trashed: false,
  chapter_count: 0,
  created: '2026-11-22T10:00:00Z',
  modified: '2026-11-22T10:00:00Z',
  ...extra,
});
const item = (id: number, type: 'directory' | 'article', children: ManagedBookletItem[] = []): ManagedBookletItem => ({
  id,
  slug: `i${id}`,
  type,
  order: 0,
  children,
  detail: { title: `Item ${id}`, sales_mode: 'free', article_id: type === 'article' ? id * 10 : null, article_slug: null, removed: false, private: false },
});
const page = (results: ManagedBooklet[], next: string | null, count = results.length) => ({ status: 200, data: { count, next, previous: null, results } });

function setup(answer: (request: ApiRequest) => { status: number; data: unknown } | Promise<{ status: number; data: unknown }>) {
  const requests: ApiRequest[] = [];
  const api = new ApiClient(async (request) => {
    requests.push(request);
    return answer(request);
  });
  const tips = new TipsStore();
  const store = new BookletManagerStore({ api, tips, locale: 'en', now: () => 0 }, new PageStores());
  return { store, requests, tips };
}

describe('BookletManagerStore', () => {
  it('loads 20 a page, follows the next link without its host, and skips while fetching or without a next link', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { store, requests } = setup(async (request) => {
      if (request.query?.page === '2') return page([booklet(3)], null, 3);
      await gate;
      return page([booklet(1), booklet(2)], 'https://other.host/api/booklets/?page=2&page_size=20&trash_status=not_in_trash', 3);
    });
    const first = store.fetchList();
    void store.fetchList();
    release();
    await first;
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/booklets/', query: { page_size: 20, trash_status: 'not_in_trash' } });
    await store.fetchList();
    expect(requests[1]).toMatchObject({ path: '/api/booklets/', query: { page: '2', page_size: '20', trash_status: 'not_in_trash' } });
    expect(store.booklets.map((b) => b.id)).toEqual([1, 2, 3]);
    expect(store.meta).toEqual({ count: 3, next: null });
    await store.fetchList();
    expect(requests).toHaveLength(2);
  });

  it('reFetch clears the list and its data; the trash view asks for in_trash', async () => {
    const { store, requests } = setup((request) => page(request.query?.trash_status === 'in_trash' ? [booklet(9, { trashed: true })] : [booklet(1)], null));
    await store.fetchList();
    await store.showTrash(true);
    expect(requests.at(-1)?.query).toMatchObject({ trash_status: 'in_trash' });
    expect(store.booklets.map((b) => b.id)).toEqual([9]);
    expect(store.data.has(1)).toBe(false);
  });

  it('creates with a multipart form and puts the new booklet at the top, then opens it', async () => {
    const { store, requests } = setup((request) => {
      if (request.method === 'POST') return { status: 201, data: booklet(5, { name: 'New' }) };
      if (request.path === '/api/booklet/5/') return { status: 200, data: { ...booklet(5, { name: 'New' }), detail: [] } };
      return page([booklet(1)], null);
    });
    await store.fetchList();
    const cover = new File([new Uint8Array([1, 2, 3])], 'c.png', { type: 'image/png' });
    expect(await store.createBooklet({ name: 'New', heading: 'H', description: 'D', price: ' 20.5 ', cover })).toBe(true);
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    const form = post?.body as FormData;
    expect([form.get('name'), form.get('heading'), form.get('description'), form.get('price'), (form.get('cover') as File).name]).toEqual([
      'New',
      'H',
      'D',
      '20.5',
      'c.png',
    ]);
    expect(store.booklets.map((b) => b.id)).toEqual([5, 1]);
    expect(store.meta.count).toBe(2);
    expect(store.selectedBookletId).toBe(5);
    expect(requests.at(-1)).toMatchObject({ path: '/api/booklet/5/', query: { hide_removed: 1 } });
  });

  it('sends only the changed fields, and the cover only when a new file was chosen', async () => {
    const { store, requests } = setup((request) =>
      request.method === 'PATCH'
        ? { status: 200, data: { ...booklet(1, { name: 'Renamed', heading: 'H' }), detail: [] } }
        : page([booklet(1, { heading: 'H' })], null),
    );
    await store.fetchList();
    await store.updateBooklet(1, { name: 'Renamed', heading: 'H', description: '', price: '0', cover: null });
    const form = requests.find((r) => r.method === 'PATCH')?.body as FormData;
    expect([...form.keys()]).toEqual(['name']);
    expect(store.data.get(1)?.name).toBe('Renamed');
    const before = requests.length;
    await store.updateBooklet(1, { name: 'Renamed', heading: 'H', description: '', price: '0.00', cover: null });
    expect(requests).toHaveLength(before);
    await store.updateBooklet(1, { name: 'Renamed', heading: 'H', description: '', price: '12', cover: null });
    expect([...(requests.at(-1)?.body as FormData).entries()]).toEqual([['price', '12']]);
  });

  it('refuses a price the server would refuse, with a tip, and sends nothing', async () => {
    const { store, requests } = setup(() => page([booklet(1)], null));
    await store.fetchList();
    const before = requests.length;
    for (const price of ['-1', '1.234', 'abc', '100000.01']) {
      expect(await store.createBooklet({ name: 'New', heading: '', description: '', price, cover: null })).toBe(false);
      expect(await store.updateBooklet(1, { name: 'Booklet 1', heading: '', description: '', price, cover: null })).toBe(false);
    }
    expect(requests).toHaveLength(before);
  });

  it('deletes only after confirmation, then reloads the list', async () => {
    const { store, requests } = setup((request) => (request.method === 'DELETE' ? { status: 204, data: null } : page([booklet(1)], null)));
    await store.fetchList();
    const no = store.deleteBooklet(1);
    expect(store.confirmation?.text).toContain('Booklet 1');
    store.confirmation?.answer(false);
    await no;
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    const yes = store.deleteBooklet(1);
    store.confirmation?.answer(true);
    await yes;
    expect(requests.slice(-2).map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/booklets/1/', 'GET /api/booklets/']);
  });

  it('reorders locally first, then sends the order, then reloads the detail', async () => {
    const tree = [item(1, 'directory', [item(3, 'article')]), item(2, 'directory')];
    const moved = [item(1, 'directory'), { ...item(2, 'directory', [item(3, 'article')]), order: 1 }];
    let seenDuringPut: string | null = null;
    const { store, requests } = setup((request) => {
      if (request.method === 'PUT') {
        seenDuringPut = JSON.stringify(store.tree.map((n) => [n.id, n.children.map((c) => c.id)]));
        return { status: 200, data: { ...booklet(7), detail: moved } };
      }
      if (request.path === '/api/booklet/7/') return { status: 200, data: { ...booklet(7), detail: requests.some((r) => r.method === 'PUT') ? moved : tree } };
      return page([booklet(7)], null);
    });
    await store.fetchList();
    await store.select(7);
    await store.drop(3, 2, 'inside');
    expect(seenDuringPut).toBe('[[1,[]],[2,[3]]]');
    const put = requests.find((r) => r.method === 'PUT');
    expect(put).toMatchObject({
      path: '/api/booklet/7/',
      body: {
        detail: [
          { id: 1, order: 0, children: [] },
          { id: 2, order: 1, children: [{ id: 3, order: 0, children: [] }] },
        ],
      },
    });
    expect(`${requests.at(-1)?.method} ${requests.at(-1)?.path}`).toBe('GET /api/booklet/7/');
  });

  it('tells the author when a call fails, with the server’s message', async () => {
    const { store, tips } = setup((request) =>
      request.method === 'POST' ? { status: 400, data: { name: ['The name has at most 200 characters.'] } } : page([], null),
    );
    expect(await store.createBooklet({ name: 'x', heading: '', description: '', price: '0', cover: null })).toBe(false);
    expect(tips.top).toMatchObject({ kind: 'error', text: 'Creating the booklet failed: The name has at most 200 characters.' });
    expect(await store.createBooklet({ name: ' ', heading: '', description: '', price: '0', cover: null })).toBe(false);
    expect(tips.top?.text).toBe('A booklet needs a name.');
  });

  it('adds articles from the picker once each, into the chosen directory', async () => {
    const tree = [item(1, 'directory', [item(3, 'article')])];
    const { store, requests } = setup((request) => {
      if (request.path === '/api/v2/articles/')
        return {
          status: 200,
          data: {
            count: 2,
            next: null,
            previous: null,
            results: [
              { id: 30, slug: 'a', title: 'A', modified: '' },
              { id: 40, slug: 'b', title: 'B', modified: '' },
            ],
          },
        };
      if (request.method === 'POST') return { status: 201, data: item(4, 'article') };
      return { status: 200, data: { ...booklet(7), detail: tree } };
    });
    await store.select(7);
    await store.openPicker(1);
    expect(requests.at(-1)).toMatchObject({ path: '/api/v2/articles/', query: { trash: 'false', page_size: 20 } });
    expect(store.hasArticle(30)).toBe(true);
    expect(await store.addArticle(30)).toBe(false);
    expect(await store.addArticle(40)).toBe(true);
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/booklet/7/items/', body: { type: 'article', article_id: 40, parent_id: 1 } });
  });
});
