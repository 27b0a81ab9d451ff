import { describe, expect, it } from 'vitest';
import type { CommentItem } from '../../shared/entities';
import { ApiClient } from '../api/client';
import type { ApiRequest, ApiResponse } from '../api/transport';
import { CommentsStore, cutComment } from './CommentsStore';

describe('cutComment', () => {
  it('keeps the first 140 characters, counting Chinese and emoji as one each', () => {
    expect(cutComment('a'.repeat(200))).toHaveLength(140);
    expect([...cutComment('好'.repeat(150))]).toHaveLength(140);
    expect([...cutComment('😀'.repeat(141))]).toHaveLength(140);
    expect(cutComment('  hi  ')).toBe('hi');
  });
});

const comment = (id: number, replies: CommentItem[] = []): CommentItem => ({
  id,
  text: `c${id}`,
  created: '2026-11-22T10:00:00Z',
  author: { username: 'ann', avatar: '', column: '/@ann' },
  replies,
});

/** Two articles' comments, three each over two pages; an article's first page waits for its gate, if any. */
function fakeComments(gates: Record<string, Promise<void>> = {}) {
  const calls: ApiRequest[] = [];
  const api = new ApiClient(async (request): Promise<ApiResponse> => {
    calls.push(request);
    if (request.method === 'POST') {
      const body = request.body as { text: string };
      return { status: 201, data: { ...comment(100 + calls.length), text: body.text } };
    }
    const slug = request.path.split('/').at(-2) ?? '';
    if (request.query?.page === '2') return { status: 200, data: { count: 3, next: null, previous: null, results: [comment(1), comment(2), comment(3)] } };
    await gates[slug];
    return { status: 200, data: { count: 3, next: `http://x/api/comments/article/${slug}/?page=2`, previous: null, results: [comment(slug === 'a' ? 1 : 7)] } };
  });
  return { store: new CommentsStore(api), calls };
}

describe('CommentsStore', () => {
  it('loads an article’s first page once, then follows next, appending without repeats', async () => {
    const { store, calls } = fakeComments();
    const loading = store.load('a');
    expect([store.fetching, store.slug]).toEqual([true, null]);
    await loading;
    await store.load('a');
    expect([store.slug, store.count, store.results.map((c) => c.id), store.finished]).toEqual(['a', 3, [1], false]);
    await store.loadMore();
    expect([store.results.map((c) => c.id), store.next, store.finished, store.fetching]).toEqual([[1, 2, 3], null, true, false]);
    expect(calls.map((c) => `${c.path} ${c.query?.page ?? ''}`)).toEqual(['/api/comments/article/a/ ', '/api/comments/article/a/ 2']);
  });

  it('puts a new comment first and a reply under its thread, for the article shown only', async () => {
    const { store } = fakeComments();
    await store.load('a');
    await store.loadMore();
    await store.add('a', '  new  ', null);
    expect([store.results[0]?.text, store.count]).toEqual(['new', 4]);
    await store.add('a', 'reply', 2);
    expect(store.results.find((c) => c.id === 2)?.replies.map((r) => r.text)).toEqual(['reply']);
    await store.add('b', 'elsewhere', null);
    expect(store.count).toBe(4);
  });

  it('switches to another article even while a page is on its way, and drops the late one', async () => {
    let release: () => void = () => {};
    const { store } = fakeComments({ a: new Promise((resolve) => (release = resolve)) });
    const first = store.load('a');
    await store.load('b');
    release();
    await first;
    expect([store.slug, store.results.map((c) => c.id)]).toEqual(['b', [7]]);
  });
});
