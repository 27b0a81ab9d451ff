import { describe, expect, it } from 'vitest';
import { PHONE_VERIFICATION_REQUIRED } from '../../../shared/constants';
import type { EditableArticle } from '../../../shared/entities';
import { ApiClient, ApiRequestError } from '../../api/client';
import type { ApiRequest } from '../../api/transport';
import { articleCalls } from '../EditorRoot';
import { PromptStore } from '../prompts/PromptStore';
import { editorTexts } from '../texts';
import { TipsStore } from '../tips/TipsStore';
import { EditorStore } from './EditorStore';
import { LocalDraftStore } from './LocalDraftStore';
import { PublishStore, type PublishDeps } from './PublishStore';

function setup(refusal: ApiRequestError) {
  const tips = new TipsStore();
  const prompts: string[] = [];
  const editor: PublishDeps['editor'] = {
    articleId: 7,
    tags: [],
    updateMeta: () => Promise.reject(refusal),
    applyMeta: () => {},
  };
  const store = new PublishStore({
    api: new ApiClient(async () => ({ status: 200, data: null })),
    tips,
    t: editorTexts('en'),
    editor,
    copyText: async () => {},
    onPhoneVerificationRequired: () => prompts.push('phone'),
  });
  return { store, tips, prompts };
}

describe('publishing', () => {
  it('opens the phone-verification prompt when the backend asks for a verified phone', async () => {
    const { store, tips, prompts } = setup(new ApiRequestError(403, { detail: PHONE_VERIFICATION_REQUIRED }));
    await store.setVisibility('public');
    expect(prompts).toEqual(['phone']);
    expect(tips.top).toBeNull();
  });

  it('tells any other refusal as a failed publish with its status', async () => {
    const { store, tips, prompts } = setup(new ApiRequestError(403, { detail: 'You do not have permission to perform this action.' }));
    await store.setVisibility('public');
    expect(prompts).toEqual([]);
    expect(tips.top).toMatchObject({ kind: 'error' });
    expect(tips.top?.text).toContain('403');
  });
});

const ARTICLE: EditableArticle = {
  id: 7,
  slug: 'seven',
  title: 'Seven',
  description: '',
  cover_url: '',
  content: '<p>Words</p>',
  theme: 'default',
  style: '',
  word_count: 1,
  client_modify_date: '2026-11-27T10:00:00.000Z',
  created: '2026-11-27T10:00:00.000Z',
  modified: '2026-11-27T10:00:00.000Z',
  tags: [],
  visibility: 'private',
  trashed: false,
  shared_marks: [],
};

/** The editor's own stores as client/editor/EditorRoot.ts wires them, over an API client whose PATCH answers `refusal`. */
async function editorRefusedWith(refusal: { status: number; data: unknown }) {
  const requests: ApiRequest[] = [];
  const api = new ApiClient(async (request) => {
    requests.push(request);
    return request.method === 'PATCH' ? refusal : { status: 200, data: ARTICLE };
  });
  const tips = new TipsStore();
  const t = editorTexts('en');
  const prompts = new PromptStore({ api, tips, locale: 'en', now: () => 0 });
  const editor = new EditorStore({
    calls: articleCalls(api, 'tab-1'),
    drafts: new LocalDraftStore(null),
    tips,
    t,
    now: () => Date.now(),
    askUnsaved: () => Promise.resolve('cancel'),
    onConflictCopy: () => {},
  });
  const store = new PublishStore({ api, tips, t, editor, copyText: async () => {}, onPhoneVerificationRequired: () => prompts.openPhoneVerify() });
  expect(await editor.load(7)).toBe(true);
  return { store, editor, tips, prompts, requests };
}

describe('publishing through the editor’s article store (EditorStore.updateMeta)', () => {
  it('opens the phone-verification prompt on 403 phone_verification_required, with no failed-publish tip', async () => {
    const { store, editor, tips, prompts, requests } = await editorRefusedWith({ status: 403, data: { detail: PHONE_VERIFICATION_REQUIRED } });
    await store.setVisibility('public');
    expect(requests.filter((r) => r.method === 'PATCH')).toMatchObject([{ path: '/api/articles/7/', body: { visibility: 'public' } }]);
    expect(prompts.phoneVerify).toBe(true);
    expect(tips.top).toBeNull();
    expect(editor.visibility).toBe('private');
    await store.addTag('tea');
    expect(tips.top).toBeNull();
    expect(editor.tags).toEqual([]);
  });

  it('tells any other refusal once, as a failed publish with its status', async () => {
    const { store, tips, prompts } = await editorRefusedWith({ status: 403, data: { detail: 'You do not have permission to perform this action.' } });
    await store.setVisibility('public');
    expect(prompts.phoneVerify).toBe(false);
    expect(tips.items.map((tip) => [tip.kind, tip.text])).toEqual([['error', 'Could not change the article 403']]);
  });
});

describe('the newsletter box beside Publish', () => {
  it('shows the subscriber count, and publishing with it ticked mails the article once', async () => {
    const requests: ApiRequest[] = [];
    const api = new ApiClient(async (request) => {
      requests.push(request);
      if (request.path === '/api/newsletter/subscribers/') return { status: 200, data: { count: 3 } };
      if (request.path === '/api/articles/7/newsletter/') return { status: 200, data: { queued: 3 } };
      return { status: 200, data: request.method === 'PATCH' ? { ...ARTICLE, visibility: 'public' } : ARTICLE };
    });
    const tips = new TipsStore();
    const t = editorTexts('en');
    const editor = new EditorStore({
      calls: articleCalls(api, 'tab-1'),
      drafts: new LocalDraftStore(null),
      tips,
      t,
      now: () => Date.now(),
      askUnsaved: () => Promise.resolve('cancel'),
      onConflictCopy: () => {},
    });
    const store = new PublishStore({ api, tips, t, editor, copyText: async () => {} });
    expect(await editor.load(7)).toBe(true);
    await store.loadSubscribers();
    expect(store.subscribers).toBe(3);
    expect(t('newsletterToggle', { count: 1 })).toBe('Mail it to my 1 subscriber');

    store.setNewsletter(true);
    await store.setVisibility('public');
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'PATCH /api/articles/7/',
      'POST /api/articles/7/newsletter/',
    ]);
    expect(tips.items.map((tip) => tip.text)).toEqual(['Mailing it to 3 subscribers']);
    expect(store.newsletter).toBe(false);

    // Unticked (the default), publishing mails nothing.
    await store.setVisibility('private');
    await store.setVisibility('public');
    expect(requests.filter((r) => r.path.endsWith('/newsletter/') && r.method === 'POST')).toHaveLength(1);
  });
});
