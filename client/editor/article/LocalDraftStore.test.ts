import { describe, expect, it } from 'vitest';
import { LocalDraftStore, type DraftStorage, type LocalDraft } from './LocalDraftStore';

class MemoryStorage implements DraftStorage {
  readonly map = new Map<string, string>();
  full = false;
  get length() {
    return this.map.size;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('full', 'QuotaExceededError');
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
}

function draft(overrides: Partial<LocalDraft>): LocalDraft {
  return {
    title: 'T',
    description: '',
    cover_url: '',
    content: '<p>x</p>',
    theme: 'default',
    style: '',
    word_count: 1,
    articleId: null,
    tempKey: 'k1',
    client_modify_date: '2026-11-22T10:00:00.000Z',
    base_modify_date: null,
    ...overrides,
  };
}

describe('LocalDraftStore', () => {
  it('keeps a new article under its temporary key, then under its id once it has one', () => {
    const storage = new MemoryStorage();
    const drafts = new LocalDraftStore(storage);
    drafts.write(draft({}));
    expect(drafts.unsavedNewArticles()).toHaveLength(1);
    drafts.write(draft({ articleId: 4 }));
    expect(drafts.unsavedNewArticles()).toEqual([]);
    expect(drafts.forArticle(4)?.content).toBe('<p>x</p>');
  });

  it('clears a copy only for the confirmed version or a later one', () => {
    const drafts = new LocalDraftStore(new MemoryStorage());
    drafts.write(draft({ articleId: 4, client_modify_date: '2026-11-22T10:00:05.000Z' }));
    drafts.clearIfConfirmed({ articleId: 4, tempKey: 'k1' }, '2026-11-22T10:00:04.000Z');
    expect(drafts.forArticle(4)).not.toBeNull();
    drafts.clearIfConfirmed({ articleId: 4, tempKey: 'k1' }, '2026-11-22T10:00:05.000Z');
    expect(drafts.forArticle(4)).toBeNull();
  });

  it('reports a write the storage refuses, and ignores what is not a draft', () => {
    const storage = new MemoryStorage();
    const drafts = new LocalDraftStore(storage);
    storage.full = true;
    expect(drafts.write(draft({ articleId: 1 }))).toBe(false);
    storage.full = false;
    storage.setItem('zine:editor:draft:2', '{not json');
    storage.setItem('zine:editor:draft:new:x', JSON.stringify({ title: 1 }));
    expect(drafts.forArticle(2)).toBeNull();
    expect(drafts.unsavedNewArticles()).toEqual([]);
    expect(new LocalDraftStore(null).write(draft({}))).toBe(false);
  });

  it('lists leftover new articles newest first', () => {
    const drafts = new LocalDraftStore(new MemoryStorage());
    drafts.write(draft({ tempKey: 'a', client_modify_date: '2026-11-22T10:00:00.000Z' }));
    drafts.write(draft({ tempKey: 'b', client_modify_date: '2026-11-22T11:00:00.000Z' }));
    expect(drafts.unsavedNewArticles().map((d) => d.tempKey)).toEqual(['b', 'a']);
  });
});
