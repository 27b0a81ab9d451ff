import { describe, expect, it } from 'vitest';
import type { ArticleVersionDetail, ArticleVersionSummary } from '../../../shared/entities';
import { ApiClient } from '../../api/client';
import type { ApiRequest, ApiResponse } from '../../api/transport';
import { TipsStore } from '../tips/TipsStore';
import { HistoryStore } from './HistoryStore';

const VERSION: ArticleVersionSummary = {
  id: 5,
  created: '2026-11-28T09:00:00.000Z',
  kind: 'autosave',
  published: false,
  title: 'Spring',
  word_count: 3,
  characters: 20,
  saved_by: 'ann',
};

function setUp(answers: Record<string, ApiResponse>, options: { unsaved?: boolean; confirm?: boolean } = {}) {
  const calls: ApiRequest[] = [];
  const api = new ApiClient(async (request) => {
    calls.push(request);
    const answer = answers[`${request.method} ${request.path}`];
    if (!answer) throw new Error(`unexpected ${request.method} ${request.path}`);
    return answer;
  });
  const events: string[] = [];
  const editor = {
    articleId: 7,
    hasUnsavedChanges: options.unsaved ?? false,
    async save(kind?: 'autosave' | 'save') {
      events.push(`save ${kind ?? 'autosave'}`);
      editor.hasUnsavedChanges = false;
    },
    async load(id: number) {
      events.push(`load ${id}`);
      return true;
    },
  };
  const tips = new TipsStore();
  const store = new HistoryStore(
    { api, tips, locale: 'en', now: Date.now },
    { editor, confirm: async () => (events.push('confirm'), options.confirm ?? true) },
  );
  return { store, calls, events, tips };
}

const ok = (data: unknown): ApiResponse => ({ status: 200, data });

describe('HistoryStore', () => {
  it('saves pending changes before listing, so the list ends with what the author sees', async () => {
    const { store, events } = setUp({ 'GET /api/articles/7/versions/': ok([VERSION]) }, { unsaved: true });
    await store.show();
    expect(events).toEqual(['save autosave']);
    expect(store.open).toBe(true);
    expect(store.versions).toEqual([VERSION]);
  });

  it('shows a version against the one before it, then against the current text', async () => {
    const detail: ArticleVersionDetail = {
      version: VERSION,
      text: 'Spring',
      against: 'previous',
      against_id: 4,
      changes: [{ change: 'added', text: 'Spring' }],
    };
    const { store, calls } = setUp({
      'GET /api/articles/7/versions/': ok([VERSION]),
      'GET /api/articles/7/versions/5/': ok(detail),
    });
    await store.show();
    await store.select(5);
    expect(store.detail).toEqual(detail);
    await store.select(5, 'current');
    expect(store.against).toBe('current');
    expect(calls.map((c) => c.query)).toEqual([undefined, { against: 'previous' }, { against: 'current' }]);
  });

  it('restores only after the author confirms, then reopens the article and says so', async () => {
    const answers = {
      'GET /api/articles/7/versions/': ok([VERSION]),
      'GET /api/articles/7/versions/5/': ok({ version: VERSION, text: '', against: 'previous', against_id: null, changes: [] }),
      'POST /api/articles/7/versions/5/restore/': ok({ id: 7 }),
    };
    const declined = setUp(answers, { confirm: false });
    await declined.store.show();
    await declined.store.select(5);
    expect(await declined.store.restore()).toBeNull();
    expect(declined.calls.some((c) => c.method === 'POST')).toBe(false);

    const { store, events, tips } = setUp(answers);
    await store.show();
    await store.select(5);
    await store.restore();
    expect(events).toEqual(['confirm', 'load 7']);
    expect(tips.items.map((tip) => tip.text)).toEqual(['Version restored']);
    expect(store.open).toBe(false);
  });
});
