import { describe, expect, it } from 'vitest';
import { guessLanguage } from './contentLanguage';

describe('guessLanguage', () => {
  it('reads English, simplified and traditional Chinese', () => {
    expect(guessLanguage('<p>A walk in the park</p>')).toBe('en');
    expect(guessLanguage('<p>我们这个时代的书</p>')).toBe('zh-CN');
    expect(guessLanguage('<p>我們這個時代的書</p>')).toBe('zh-TW');
    // Han characters without telltales default to simplified.
    expect(guessLanguage('<p>山水</p>')).toBe('zh-CN');
  });

  it('stays English when Chinese is a small part, and ignores markup', () => {
    expect(guessLanguage('<p>The word 道 means the way, and this whole paragraph is English.</p>')).toBe('en');
    expect(guessLanguage('<p style="font-family: Noto Serif SC">中文的文章</p>')).toBe('zh-CN');
    expect(guessLanguage('')).toBe('en');
  });
});
