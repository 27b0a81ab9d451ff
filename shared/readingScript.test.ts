import { describe, expect, it } from 'vitest';
import { conversionFor, readingScriptOf, scriptLanguage, writtenScript } from './readingScript';

describe('the reading script', () => {
  it('takes only hans and hant from the cookie', () => {
    expect(readingScriptOf('hant')).toBe('hant');
    expect(readingScriptOf('hans')).toBe('hans');
    for (const value of [null, undefined, '', 'HANT', 'zh-TW', 'hant ']) expect(readingScriptOf(value)).toBeNull();
  });

  it('knows the script of a Chinese language tag, and none for others', () => {
    for (const tag of ['zh-CN', 'zh-cn', 'zh-Hans', 'zh-Hans-CN', 'zh-SG', 'zh']) expect(writtenScript(tag), tag).toBe('hans');
    for (const tag of ['zh-TW', 'zh-tw', 'zh-Hant', 'zh-Hant-TW', 'zh-HK', 'zh-MO']) expect(writtenScript(tag), tag).toBe('hant');
    for (const tag of ['en', 'ja', 'zhx', 'en-zh', '']) expect(writtenScript(tag), tag).toBeNull();
  });

  it('converts only a Chinese article, and only into the other script', () => {
    expect(conversionFor('zh-CN', 'hant')).toBe('hant');
    expect(conversionFor('zh-TW', 'hans')).toBe('hans');
    expect(conversionFor('zh-CN', 'hans')).toBeNull();
    expect(conversionFor('zh-TW', 'hant')).toBeNull();
    expect(conversionFor('zh-CN', null)).toBeNull();
    expect(conversionFor('en', 'hant')).toBeNull();
  });

  it('gives converted text the language tag of its script', () => {
    expect(scriptLanguage('zh-CN', 'hant')).toBe('zh-TW');
    expect(scriptLanguage('zh-TW', 'hans')).toBe('zh-CN');
    expect(scriptLanguage('zh-CN', null)).toBe('zh-CN');
    expect(scriptLanguage('en', undefined)).toBe('en');
  });
});
