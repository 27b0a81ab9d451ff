import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/client';
import { TipsStore } from '../tips/TipsStore';
import { PromptStore } from './PromptStore';
import { PROMPT_TEXTS } from './texts';

describe('PromptStore', () => {
  it('opens the upgrade prompt by reason and the phone prompt; close shuts both', () => {
    const store = new PromptStore({ api: new ApiClient(async () => ({ status: 200, data: null })), tips: new TipsStore(), locale: 'zh-TW', now: () => 0 });
    store.openUpgrade('traffic');
    expect(store.upgrade).toBe('traffic');
    store.openUpgrade('pdf');
    expect(store.upgrade).toBe('pdf');
    store.openPhoneVerify();
    expect(store.phoneVerify).toBe(true);
    store.close();
    expect(store.upgrade).toBeNull();
    expect(store.phoneVerify).toBe(false);
  });

  it('has a title and a text for each reason in the three languages', () => {
    for (const locale of ['en', 'zh-CN', 'zh-TW'] as const) {
      for (const reason of ['traffic', 'pdf'] as const) {
        expect(PROMPT_TEXTS[locale][`upgrade.${reason}.title`]).not.toBe('');
        expect(PROMPT_TEXTS[locale][`upgrade.${reason}.body`]).not.toBe('');
      }
    }
  });
});
