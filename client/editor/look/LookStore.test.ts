import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/client';
import type { EditorDeps } from '../EditorDeps';
import { TipsStore } from '../tips/TipsStore';
import { BACKGROUND_KEY, LookStore, TYPING_SOUND_KEY, type LookStorage } from './LookStore';

function memoryStorage(initial: Record<string, string> = {}): LookStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (key) => data[key] ?? null, setItem: (key, value) => void (data[key] = value) };
}

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
    expect(storage.data[BACKGROUND_KEY]).toBe('0');
  });

  it('remembers the background and the typing sound on this device; a bad stored value is none', () => {
    const storage = memoryStorage({ [BACKGROUND_KEY]: '4', [TYPING_SOUND_KEY]: '1' });
    const look = new LookStore(deps, storage);
    expect(look.backgroundIndex).toBe(4);
    expect(look.typingSound).toBe(true);
    look.toggleTypingSound();
    expect(storage.data[TYPING_SOUND_KEY]).toBe('0');
    expect(new LookStore(deps, memoryStorage({ [BACKGROUND_KEY]: '42' })).backgroundIndex).toBe(-1);
    expect(new LookStore(deps, memoryStorage({ [BACKGROUND_KEY]: 'x' })).backgroundIndex).toBe(-1);
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
