import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/client';
import type { ApiRequest } from '../../api/transport';
import { PageStores } from '../../stores/PageStores';
import { editorTexts } from '../texts';
import { TipsStore } from '../tips/TipsStore';
import { ArticleListStore } from './ArticleListStore';

function item(id: number) {
  return { id, slug: `s${id}`, title: `T${id}`, modified: '2026-11-22T10:00:00Z', description: '', cover_url: '', shared_marks: [] };
}

function setup(answer: (request: ApiRequest) => { status: number; data: unknown }, confirmed = true) {
  const requests: ApiRequest[] = [];
  const api = new ApiClient((request) => {
    requests.push(request);
    return Promise.resolve(answer(request));
  });
  const tips = new TipsStore();
  const removed: number[] = [];
  const asked: string[] = [];
  const store = new ArticleListStore({
    api,
    tips,
    t: editorTexts('en'),
    confirm: (text) => {
      asked.push(text);
      return Promise.resolve(confirmed);
    },
    onRemoved: (id) => removed.push(id),
    lists: new PageStores(),
  });
  return { store, requests, tips, removed, asked };
}

describe('ArticleListStore', () => {
  it('loads 20 a page with the list fields and follows the next link until there is none', async () => {
    const { store, requests } = setup((request) =>
      String(request.query?.page) === '2'
        ? { status: 200, data: { count: 21, next: null, previous: null, results: [item(21)] } }
        : { status: 200, data: { count: 21, next: 'http://x/api/v2/articles/?page=2&page_size=20&trash=false', previous: null, results: [item(1), item(2)] } },
    );
    await store.reload();
    expect(requests[0]).toMatchObject({
      path: '/api/v2/articles/',
      query: { page_size: 20, trash: 'false', page: 1, fields: 'id,slug,title,modified,description,cover_url,shared_marks' },
    });
    await store.loadMore();
    expect(requests[1]).toMatchObject({ path: '/api/v2/articles/', query: { page: '2', trash: 'false' } });
    expect(store.items.map((i) => i.id)).toEqual([1, 2, 21]);
    expect(store.finished).toBe(true);
    await store.loadMore();
    expect(requests).toHaveLength(2);
  });

  it('skips a fetch while one runs', async () => {
    const { store, requests } = setup(() => ({ status: 200, data: { count: 0, next: null, previous: null, results: [] } }));
    await Promise.all([store.loadMore(), store.loadMore()]);
    expect(requests).toHaveLength(1);
  });

  it('shows the trash and deletes for good after confirmation, naming the version', async () => {
    const { store, requests, asked, removed } = setup((request) => {
      if (request.method === 'GET' && request.path === '/api/articles/5/')
        return { status: 200, data: { id: 5, client_modify_date: '2026-11-01T00:00:00.000Z' } };
      if (request.method === 'DELETE') return { status: 204, data: null };
      return { status: 200, data: { count: 1, next: null, previous: null, results: [item(5)] } };
    });
    await store.showTrash(true);
    expect(requests[0]?.query?.trash).toBe('true');
    const target = store.items[0];
    if (!target) throw new Error('no item');
    expect(await store.remove(target)).toBe(true);
    expect(asked).toEqual(['Delete "T5" for good? This cannot be undone.']);
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/articles/5/', query: { client_modify_date: '2026-11-01T00:00:00.000Z' } });
    expect(store.items).toEqual([]);
    expect(removed).toEqual([]);
  });

  it('does nothing when the author does not confirm', async () => {
    const { store, requests } = setup(() => ({ status: 200, data: null }), false);
    expect(await store.remove(item(3))).toBe(false);
    expect(requests).toEqual([]);
  });

  it('restores from the trash', async () => {
    const { store, requests } = setup((request) =>
      request.method === 'POST' ? { status: 200, data: { id: 4 } } : { status: 200, data: { count: 1, next: null, previous: null, results: [item(4)] } },
    );
    await store.showTrash(true);
    const target = store.items[0];
    if (!target) throw new Error('no item');
    await store.restore(target);
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/articles/4/restore/' });
    expect(store.items).toEqual([]);
  });

  it('tells the author when the list cannot load', async () => {
    const { store, tips } = setup(() => ({ status: 500, data: { detail: 'boom' } }));
    await store.reload();
    expect(tips.top).toMatchObject({ text: 'Could not load your articles 500', kind: 'error' });
  });
});
