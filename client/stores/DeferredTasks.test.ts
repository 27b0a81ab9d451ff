import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFERRED_TASK_TTL_MS, DeferredTasks } from './DeferredTasks';
import { PRODUCT_STATE_KEY } from './productState';

function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('deferred tasks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('run only on their own page, once, and not when stale; other pages keep theirs', () => {
    const storage = fakeStorage();
    vi.stubGlobal('window', { localStorage: storage });
    const tasks = new DeferredTasks();
    tasks.add({ kind: 'like', slug: 'a' }, '/article/a/', 1_000);
    tasks.add({ kind: 'follow', username: 'ann' }, '/@ann/', 1_000);
    tasks.add({ kind: 'comment', slug: 'a', text: 'old', parent: null }, '/article/a/', 1_000 - DEFERRED_TASK_TTL_MS - 1);
    // Survives a reload: it is in storage.
    expect(new DeferredTasks().takeFor('/sign/in/', 2_000)).toEqual([]);
    expect(new DeferredTasks().takeFor('/article/a/', 2_000)).toEqual([{ kind: 'like', slug: 'a' }]);
    expect(tasks.takeFor('/article/a/', 2_000)).toEqual([]);
    expect(tasks.takeFor('/@ann/', 1_000 + DEFERRED_TASK_TTL_MS + 1)).toEqual([]);
    expect(JSON.parse(storage.items.get(PRODUCT_STATE_KEY) ?? '{}')).toEqual({ deferredTasks: [] });
  });

  it('drops tasks kept in the old shape (no page, no time) and keeps the rest of the product state', () => {
    const storage = fakeStorage({ [PRODUCT_STATE_KEY]: JSON.stringify({ deferredTasks: [{ kind: 'like', slug: 'a' }], other: 1 }) });
    vi.stubGlobal('window', { localStorage: storage });
    const tasks = new DeferredTasks();
    expect(tasks.takeFor('/article/a/', 5)).toEqual([]);
    expect(JSON.parse(storage.items.get(PRODUCT_STATE_KEY) ?? '{}')).toEqual({ deferredTasks: [], other: 1 });
  });

  it('drop a membership purchase kept without the price it was shown at (the order needs it)', () => {
    const old = { task: { kind: 'buy-membership', identity: 'vip_monthly_manual', label: 'VIP' }, page: '/member/', at: 1_000 };
    const storage = fakeStorage({ [PRODUCT_STATE_KEY]: JSON.stringify({ deferredTasks: [old] }) });
    vi.stubGlobal('window', { localStorage: storage });
    const tasks = new DeferredTasks();
    expect(tasks.takeFor('/member/', 2_000)).toEqual([]);
    const task = { kind: 'buy-membership', identity: 'vip_monthly_manual', amount: '78.00', label: 'VIP' } as const;
    tasks.add(task, '/member/', 1_000);
    expect(tasks.takeFor('/member/', 2_000)).toEqual([task]);
  });
});
