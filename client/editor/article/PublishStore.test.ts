import { describe, expect, it } from 'vitest';
import { PHONE_VERIFICATION_REQUIRED } from '../../../shared/constants';
import { ApiClient, ApiRequestError } from '../../api/client';
import { editorTexts } from '../texts';
import { TipsStore } from '../tips/TipsStore';
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
  it('opens the phone-verification prompt when the backend asks for a verified phone (issue 17)', async () => {
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
