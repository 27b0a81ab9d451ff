import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditableArticle, EditableArticleInput } from '../../../shared/entities';
import { ApiRequestError } from '../../api/client';
import { editorTexts } from '../texts';
import { TipsStore } from '../tips/TipsStore';
import { AUTOSAVE_DELAY_MS, EditorStore, type ArticleCalls, type UnsavedChoice } from './EditorStore';
import { LocalDraftStore, type DraftStorage } from './LocalDraftStore';

/** A server holding articles, refusing stale saves as the backend does (contract: 409 with the server copy). */
class FakeServer implements ArticleCalls {
  articles = new Map<number, EditableArticle>();
  offline = false;
  failWith: number | null = null;
  calls: { kind: string; id?: number; input?: EditableArticleInput; base?: string | null }[] = [];
  private nextId = 1;

  create(input: EditableArticleInput): Promise<EditableArticle> {
    this.calls.push({ kind: 'create', input });
    return this.answer(() => {
      const id = this.nextId++;
      const article = makeArticle(id, input);
      this.articles.set(id, article);
      return article;
    });
  }

  get(id: number): Promise<EditableArticle> {
    this.calls.push({ kind: 'get', id });
    return this.answer(() => {
      const article = this.articles.get(id);
      if (!article) throw new ApiRequestError(404, { detail: 'Not found.' });
      return article;
    });
  }

  update(id: number, input: EditableArticleInput, base: string | null): Promise<EditableArticle> {
    this.calls.push({ kind: 'update', id, input, base });
    return this.answer(() => {
      const stored = this.articles.get(id);
      if (!stored) throw new ApiRequestError(404, { detail: 'Not found.' });
      if (base !== null && base !== stored.client_modify_date) throw new ApiRequestError(409, { detail: 'Conflict', article: stored });
      const article = { ...stored, ...input, client_modify_date: input.client_modify_date ?? stored.client_modify_date };
      this.articles.set(id, article);
      return article;
    });
  }

  /** Another tab or device saves the article. */
  saveElsewhere(id: number, patch: Partial<EditableArticle>, at: string): void {
    const stored = this.articles.get(id);
    if (!stored) throw new Error('no article');
    this.articles.set(id, { ...stored, ...patch, client_modify_date: at });
  }

  private async answer<T>(make: () => T): Promise<T> {
    await Promise.resolve();
    if (this.offline) throw new ApiRequestError(0, 'Failed to fetch');
    if (this.failWith !== null) throw new ApiRequestError(this.failWith, { detail: 'boom' });
    return make();
  }
}

function makeArticle(id: number, input: EditableArticleInput): EditableArticle {
  return {
    id,
    slug: `slug-${id}`,
    title: input.title ?? '',
    description: input.description ?? '',
    cover_url: input.cover_url ?? '',
    content: input.content ?? '',
    theme: input.theme ?? 'default',
    style: input.style ?? '',
    word_count: input.word_count ?? 0,
    client_modify_date: input.client_modify_date ?? new Date().toISOString(),
    created: new Date().toISOString(),
    modified: new Date().toISOString(),
    tags: [],
    visibility: 'private',
    trashed: false,
    shared_marks: [],
  };
}

class MemoryStorage implements DraftStorage {
  readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
}

function setup(options: { storage?: MemoryStorage; server?: FakeServer; choice?: UnsavedChoice } = {}) {
  const server = options.server ?? new FakeServer();
  const storage = options.storage ?? new MemoryStorage();
  const drafts = new LocalDraftStore(storage);
  const tips = new TipsStore();
  const conflicts: { id: number | null; title: string }[] = [];
  const asked: number[] = [];
  let key = 0;
  const store = new EditorStore({
    calls: server,
    drafts,
    tips,
    t: editorTexts('en'),
    now: () => Date.now(),
    askUnsaved: () => {
      asked.push(1);
      return Promise.resolve(options.choice ?? 'save');
    },
    onConflictCopy: (copy) => conflicts.push(copy),
    randomKey: () => `k${++key}`,
  });
  return { server, storage, drafts, tips, store, conflicts, asked };
}

/** Lets pending promises (the fake calls) settle under fake timers. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe('EditorStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('goes null -> modified -> saving -> null, creating a new article and storing its id and slug', async () => {
    const { store, server } = setup();
    expect(store.status).toBeNull();
    store.change({ title: 'Hello', content: '<p>One</p>' });
    expect(store.status).toBe('modified');
    const saving = store.save();
    expect(store.status).toBe('saving');
    await saving;
    expect(store.status).toBeNull();
    expect(store.articleId).toBe(1);
    expect(store.slug).toBe('slug-1');
    expect(server.articles.get(1)?.content).toBe('<p>One</p>');
  });

  it('autosaves 7 s after the last change, not before', async () => {
    const { store, server } = setup();
    store.change({ content: '<p>a</p>' });
    vi.advanceTimersByTime(5000);
    store.change({ content: '<p>ab</p>' });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    expect(server.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    await settle();
    expect(server.calls.map((c) => c.kind)).toEqual(['create']);
    expect(server.articles.get(1)?.content).toBe('<p>ab</p>');
  });

  it('updates an existing article with the base version and the time of the last change', async () => {
    const { store, server } = setup();
    store.change({ content: '<p>a</p>' });
    await store.save();
    const base = store.baseModifyDate;
    vi.setSystemTime(new Date('2026-11-22T10:01:00.000Z'));
    store.change({ content: '<p>b</p>' });
    await store.save();
    const update = server.calls.at(-1);
    expect(update).toMatchObject({ kind: 'update', id: 1, base });
    expect(update?.input?.client_modify_date).toBe('2026-11-22T10:01:00.000Z');
    expect(Object.keys(update?.input ?? {}).sort()).toEqual(
      ['client_modify_date', 'content', 'cover_url', 'description', 'style', 'theme', 'title', 'word_count'].sort(),
    );
  });

  it('does not autosave into another article once the author moved on', async () => {
    const { store, server } = setup({ choice: 'discard' });
    server.articles.set(7, makeArticle(7, { title: 'Seven', client_modify_date: '2026-11-20T00:00:00.000Z' }));
    store.change({ content: '<p>draft</p>' });
    await store.load(7);
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    await settle();
    expect(server.calls.map((c) => c.kind)).toEqual(['get']);
    expect(store.fields.title).toBe('Seven');
  });

  it('asks before loading another article while modified, and saves first when told to', async () => {
    const { store, server, asked } = setup({ choice: 'save' });
    server.articles.set(7, makeArticle(7, { title: 'Seven', client_modify_date: '2026-11-20T00:00:00.000Z' }));
    store.change({ content: '<p>mine</p>' });
    expect(await store.load(7)).toBe(true);
    expect(asked).toHaveLength(1);
    expect([...server.articles.values()].some((a) => a.content === '<p>mine</p>')).toBe(true);
    expect(store.articleId).toBe(7);
  });

  it('keeps the local copy until the server confirms that exact version', async () => {
    const { store, storage, server } = setup();
    store.change({ title: 'T', content: '<p>1</p>' });
    expect(storage.map.size).toBe(1);
    await store.save();
    expect(storage.map.size).toBe(0);

    server.offline = true;
    store.change({ content: '<p>2</p>' });
    await store.save();
    expect(store.problem).toBe('offline');
    expect(store.status).toBeNull();
    expect(JSON.parse(storage.map.get('zine:editor:draft:1') ?? '{}')).toMatchObject({ content: '<p>2</p>', articleId: 1 });
  });

  it('retries quietly with backoff while offline, and at once when the network returns', async () => {
    const { store, server, tips } = setup();
    store.change({ content: '<p>1</p>' });
    await store.save();
    server.offline = true;
    store.change({ content: '<p>12</p>' });
    await store.save();
    await settle();
    // One tip as the connection went, for 6 s; the retries add none.
    const shown = () => tips.items.map((tip) => [tip.text, tip.kind, tip.timeout]);
    expect(shown()).toEqual([['Save failed (no answer: kept on this device, retrying)', 'error', 6000]]);
    vi.advanceTimersByTime(2000);
    await settle();
    expect(shown()).toHaveLength(1);
    await settle();
    vi.advanceTimersByTime(4000);
    await settle();
    expect(server.calls.filter((c) => c.kind === 'update')).toHaveLength(3);
    expect(tips.items).toEqual([]);
    server.offline = false;
    store.online();
    await settle();
    expect(store.problem).toBeNull();
    expect(store.hasUnsavedChanges).toBe(false);
    expect(server.articles.get(1)?.content).toBe('<p>12</p>');
  });

  it('shows save failed with the status for 6 s on a server error', async () => {
    const { store, server, tips } = setup();
    server.failWith = 400;
    store.change({ content: '<p>x</p>' });
    await store.save();
    expect(tips.top).toMatchObject({ text: 'Save failed 400', kind: 'error', timeout: 6000 });
    expect(store.problem).toBe('failed');
  });

  it('resolves a 409 by showing the server copy and keeping the author text as a conflict copy', async () => {
    const { store, server, conflicts, storage } = setup();
    store.change({ title: 'Essay', content: '<p>base</p>' });
    await store.save();
    server.saveElsewhere(1, { content: '<p>other tab</p>' }, '2026-11-22T10:00:30.000Z');
    vi.setSystemTime(new Date('2026-11-22T10:01:00.000Z'));
    store.change({ content: '<p>this tab</p>' });
    await store.save();
    await settle();
    expect(store.fields.content).toBe('<p>other tab</p>');
    expect(store.baseModifyDate).toBe('2026-11-22T10:00:30.000Z');
    const copy = [...server.articles.values()].find((a) => a.id !== 1);
    expect(copy).toMatchObject({ title: 'Essay (conflict copy)', content: '<p>this tab</p>' });
    expect(conflicts).toEqual([{ id: copy?.id, title: 'Essay (conflict copy)' }]);
    expect(storage.map.size).toBe(0);
    expect(store.hasUnsavedChanges).toBe(false);
  });

  it('keeps keys the view had not handed over yet when a save is refused', async () => {
    const { store, server } = setup();
    store.change({ title: 'Essay', content: '<p>base</p>' });
    await store.save();
    server.saveElsewhere(1, { content: '<p>other</p>' }, '2026-11-22T10:00:30.000Z');
    store.change({ content: '<p>mine</p>' });
    const saving = store.save();
    // The author types on while the save is under way; the view still holds those keys.
    let pending: string | null = '<p>mine and more</p>';
    store.setViewFlusher(() => {
      if (pending) store.change({ content: pending });
      pending = null;
    });
    await saving;
    await settle();
    const copy = [...server.articles.values()].find((a) => a.id !== 1);
    expect(copy?.content).toBe('<p>mine and more</p>');
  });

  it('keeps a conflict copy on the device when it cannot be created', async () => {
    const { store, server, conflicts, drafts } = setup();
    store.change({ title: 'Essay', content: '<p>base</p>' });
    await store.save();
    server.saveElsewhere(1, { content: '<p>other</p>' }, '2026-11-22T10:00:30.000Z');
    store.change({ content: '<p>mine</p>' });
    const create = vi.spyOn(server, 'create').mockRejectedValueOnce(new ApiRequestError(0, 'offline'));
    await store.save();
    await settle();
    expect(create).toHaveBeenCalledOnce();
    expect(conflicts).toEqual([{ id: null, title: 'Essay (conflict copy)' }]);
    expect(drafts.unsavedNewArticles()[0]).toMatchObject({ content: '<p>mine</p>', title: 'Essay (conflict copy)' });
  });

  it('restores a newer local copy on load, tells the author and saves it', async () => {
    const storage = new MemoryStorage();
    const server = new FakeServer();
    const first = setup({ storage, server });
    first.store.change({ title: 'Kept', content: '<p>saved</p>' });
    await first.store.save();
    server.offline = true;
    first.store.change({ content: '<p>saved and more</p>' });
    await first.store.save();
    first.store.dispose();

    server.offline = false;
    const second = setup({ storage, server });
    await second.store.load(1);
    await settle();
    expect(second.tips.items.map((t) => t.text)).toContain('Restored the changes kept on this device; saving them now');
    expect(server.articles.get(1)?.content).toBe('<p>saved and more</p>');
    expect(storage.map.size).toBe(0);
  });

  it('picks up a new article left on the device by a closed tab', async () => {
    const storage = new MemoryStorage();
    const server = new FakeServer();
    server.offline = true;
    const first = setup({ storage, server });
    first.store.change({ title: 'Unsent', content: '<p>words</p>' });
    first.store.dispose();
    server.offline = false;
    const second = setup({ storage, server });
    await second.store.start(null);
    await settle();
    expect(server.articles.get(1)).toMatchObject({ title: 'Unsent', content: '<p>words</p>' });
    expect(storage.map.size).toBe(0);
  });

  it('the update check reloads an unchanged copy when the server version differs, keeping the scroll', async () => {
    const { store, server } = setup();
    store.change({ content: '<p>a</p>' });
    await store.save();
    const version = store.contentVersion;
    server.saveElsewhere(1, { content: '<p>newer</p>' }, '2026-11-22T10:05:00.000Z');
    await store.checkForUpdate();
    expect(store.fields.content).toBe('<p>newer</p>');
    expect(store.contentVersion).toBe(version + 1);
    expect(store.keepScroll).toBe(true);
  });

  it('ignores a failed update check', async () => {
    const { store, server, tips } = setup();
    store.change({ content: '<p>a</p>' });
    await store.save();
    server.failWith = 500;
    await store.checkForUpdate();
    expect(tips.items).toEqual([]);
    expect(store.fields.content).toBe('<p>a</p>');
  });

  it('shows load article failed with the status and unfreezes', async () => {
    const { store, tips } = setup();
    expect(await store.load(99)).toBe(false);
    expect(store.loading).toBe(false);
    expect(tips.top).toMatchObject({ text: 'Load article failed 404', kind: 'error', timeout: 6000 });
  });

  it('warns once when the device refuses the local copy', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const { store, tips } = setup({ storage });
    store.change({ content: '<p>a</p>' });
    store.change({ content: '<p>ab</p>' });
    expect(tips.items.map((t) => t.text)).toEqual(['This device has no room to keep a copy of your changes: save them before closing the page']);
  });

  it('publishes through the save lock, naming the version, and adopts the new version', async () => {
    const { store, server } = setup();
    store.change({ title: 'P', content: '<p>a</p>' });
    await store.save();
    const base = store.baseModifyDate;
    vi.setSystemTime(new Date('2026-11-22T10:02:00.000Z'));
    expect(await store.updateMeta({ visibility: 'public' })).toBe(true);
    expect(server.calls.at(-1)).toMatchObject({ kind: 'update', base, input: { visibility: 'public', client_modify_date: '2026-11-22T10:02:00.000Z' } });
    expect(store.visibility).toBe('public');
    expect(store.baseModifyDate).toBe('2026-11-22T10:02:00.000Z');
    // The next text save is based on the published version: no false conflict.
    vi.setSystemTime(new Date('2026-11-22T10:03:00.000Z'));
    store.change({ content: '<p>ab</p>' });
    await store.save();
    expect(store.problem).toBeNull();
    expect(server.articles.get(1)?.content).toBe('<p>ab</p>');
  });

  it('throws a refused publish for the publish controls to tell, after taking a conflict’s server copy', async () => {
    const { store, server, tips } = setup();
    store.change({ title: 'P', content: '<p>a</p>' });
    await store.save();
    server.saveElsewhere(1, { content: '<p>from elsewhere</p>' }, '2026-11-22T10:05:00.000Z');
    await expect(store.updateMeta({ visibility: 'public' })).rejects.toMatchObject({ status: 409 });
    expect(store.fields.content).toBe('<p>from elsewhere</p>');
    expect(store.baseModifyDate).toBe('2026-11-22T10:05:00.000Z');
    // PublishStore.fail tells it (or opens the phone-verification prompt): no tip of its own here.
    expect(tips.items).toEqual([]);
  });

  it('saves unsaved text before publishing', async () => {
    const { store, server } = setup();
    store.change({ content: '<p>a</p>' });
    await store.save();
    store.change({ content: '<p>unsaved</p>' });
    await store.updateMeta({ tags: ['tea'] });
    expect(server.calls.map((c) => c.kind)).toEqual(['create', 'update', 'update']);
    expect(server.articles.get(1)).toMatchObject({ content: '<p>unsaved</p>', tags: ['tea'] });
  });

  it('ignores changes while loading (frozen)', async () => {
    const { store, server } = setup();
    server.articles.set(3, makeArticle(3, { title: 'Three', client_modify_date: '2026-11-20T00:00:00.000Z' }));
    const loading = store.load(3);
    expect(store.loading).toBe(true);
    store.change({ title: 'typed while loading' });
    await loading;
    expect(store.fields.title).toBe('Three');
    expect(store.hasUnsavedChanges).toBe(false);
  });
});
