import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/client';
import type { EditorDeps } from '../EditorDeps';
import { TipsStore } from '../tips/TipsStore';
import { LEGACY_KEYS, PRODUCT_STATE_KEY } from '../../stores/productState';
import { LookStore, type LookStorage } from './LookStore';

function memoryStorage(initial: Record<string, string> = {}): LookStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (key) => data[key] ?? null, setItem: (key, value) => void (data[key] = value), removeItem: (key) => void delete data[key] };
}
const state = (storage: { data: Record<string, string> }) => JSON.parse(storage.data[PRODUCT_STATE_KEY] ?? '{}') as Record<string, unknown>;
const stored = (values: Record<string, unknown>) => memoryStorage({ [PRODUCT_STATE_KEY]: JSON.stringify(values) });

const deps: EditorDeps = { api: new ApiClient(async () => ({ status: 200, data: null })), tips: new TipsStore(), locale: 'en', now: () => 0 };

describe('LookStore', () => {
  it('cycles the background -1, 0..9, then back to -1, giving the article its style name', () => {
    const storage = memoryStorage();
    const look = new LookStore(deps, storage);
    expect(look.backgroundIndex).toBe(-1);
    expect(look.style).toBe('');
    const seen: number[] = [];
    for (let i = 0; i < 11; i++) {
      look.nextBackground();
      seen.push(look.backgroundIndex);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1]);
    look.nextBackground();
    expect(look.style).toBe('paper');
    expect(look.documentClassName).toBe('article article--default article--bg-paper');
    expect(state(storage).backgroundIndex).toBe(0);
  });

  it('remembers the background and the typing sound in the product state; a bad stored value is none', () => {
    const storage = stored({ backgroundIndex: 4, typingSound: true, deferredTasks: [] });
    const look = new LookStore(deps, storage);
    expect(look.backgroundIndex).toBe(4);
    expect(look.typingSound).toBe(true);
    look.toggleTypingSound();
    expect(state(storage)).toEqual({ backgroundIndex: 4, typingSound: false, deferredTasks: [] });
    expect(new LookStore(deps, stored({ backgroundIndex: 42 })).backgroundIndex).toBe(-1);
    expect(new LookStore(deps, stored({ backgroundIndex: 'x' })).backgroundIndex).toBe(-1);
    expect(new LookStore(deps, memoryStorage({ [PRODUCT_STATE_KEY]: 'not json' })).backgroundIndex).toBe(-1);
  });

  it('moves the values kept under the old keys into the product state, once', () => {
    const storage = memoryStorage({
      [LEGACY_KEYS.backgroundIndex]: '7',
      [LEGACY_KEYS.typingSound]: '1',
      [PRODUCT_STATE_KEY]: JSON.stringify({ deferredTasks: [] }),
    });
    const look = new LookStore(deps, storage);
    expect([look.backgroundIndex, look.typingSound]).toEqual([7, true]);
    expect(Object.keys(storage.data)).toEqual([PRODUCT_STATE_KEY]);
    expect(state(storage)).toEqual({ deferredTasks: [], backgroundIndex: 7, typingSound: true });
  });

  it('takes an opened article\u2019s style and theme; unknown names are the defaults', () => {
    const look = new LookStore(deps, memoryStorage());
    look.setStyle('lines');
    expect(look.backgroundIndex).toBe(9);
    look.setStyle('<script>');
    expect(look.backgroundIndex).toBe(-1);
    look.setTheme('theme-2');
    expect(look.themeInfo.css).toMatch(/^\/themes\/theme-2\.css/);
    look.setTheme('nope');
    expect(look.theme).toBe('default');
  });

  it('toggles immersive mode (Escape leaves it) and the navigation panel', () => {
    const look = new LookStore(deps, null);
    look.toggleImmersive();
    expect(look.immersive).toBe(true);
    look.leaveImmersive();
    expect(look.immersive).toBe(false);
    expect(look.navigationOpen).toBe(true);
    look.toggleNavigation();
    expect(look.navigationOpen).toBe(false);
  });
});
