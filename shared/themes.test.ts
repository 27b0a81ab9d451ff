import { describe, expect, it } from 'vitest';
import { BACKGROUNDS, backgroundIndex, backgroundName, backgroundOf, THEMES, themeOf } from './themes';

describe('themes (docs/specification/content-and-commerce.md §3)', () => {
  it('lists the four themes with a title key, a preview and a stylesheet each', () => {
    expect(THEMES.map((t) => t.name)).toEqual(['default', 'theme-1', 'theme-2', 'theme-3']);
    const elegant = themeOf('theme-1');
    expect(elegant.titleKey).toBe('theme.theme-1.title');
    expect(elegant.preview).toBe('/themes/theme-1.svg');
    expect(elegant.css).toMatch(/^\/themes\/theme-1\.css\?v=\w+$/);
  });

  it('falls back to the default theme for an empty, unknown or hostile name', () => {
    for (const name of ['', null, undefined, 'theme-9', '../x', '<script>']) expect(themeOf(name).name).toBe('default');
  });
});

describe('backgrounds (the editor’s 10 options, index -1 to 9)', () => {
  it('maps index to name and back', () => {
    expect(BACKGROUNDS).toHaveLength(10);
    expect(backgroundName(-1)).toBe('');
    expect(backgroundName(0)).toBe('paper');
    expect(backgroundName(9)).toBe('lines');
    expect(backgroundName(10)).toBe('');
    for (let i = 0; i < 10; i++) expect(backgroundIndex(backgroundName(i))).toBe(i);
  });

  it('treats empty and unknown style names as no background', () => {
    expect(backgroundOf('sage')).toBe('sage');
    expect(backgroundOf('')).toBeNull();
    expect(backgroundOf('toString')).toBeNull();
    expect(backgroundOf('Sage')).toBeNull();
    expect(backgroundIndex('nope')).toBe(-1);
  });
});
