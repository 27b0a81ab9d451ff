import { describe, expect, it } from 'vitest';
import { htmlLang, normaliseLocaleTag, textLocale } from './locale';
import { detectLocale, localeFromAcceptLanguage } from './localeDetection';

describe('normaliseLocaleTag', () => {
  it.each([
    ['zh-TW', 'zh-TW'],
    ['zh-tw', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['zh-HK', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['fr', null],
    ['', null],
    ['english', null],
  ])('%s -> %s', (tag, expected) => {
    expect(normaliseLocaleTag(tag)).toBe(expected);
  });
});

describe('localeFromAcceptLanguage', () => {
  it('takes the supported tag with the highest q, not the first', () => {
    expect(localeFromAcceptLanguage('fr;q=1, en;q=0.5, zh-TW;q=0.8')).toBe('zh-TW');
  });
  it('keeps header order between equal q values', () => {
    expect(localeFromAcceptLanguage('ja, en')).toBe('ja');
  });
  it('reads zh-Hant with a region', () => {
    expect(localeFromAcceptLanguage('zh-Hant-TW,zh;q=0.9')).toBe('zh-TW');
  });
  it('maps other Chinese tags to zh-CN', () => {
    expect(localeFromAcceptLanguage('zh-SG,en;q=0.1')).toBe('zh-CN');
  });
  it('answers null when nothing is supported', () => {
    expect(localeFromAcceptLanguage('fr-FR,de;q=0.7')).toBeNull();
    expect(localeFromAcceptLanguage('')).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });
});

describe('detectLocale', () => {
  it('defaults to en', () => {
    expect(detectLocale({})).toBe('en');
    expect(detectLocale({ acceptLanguage: 'de' })).toBe('en');
  });
  it('lets __lang override the header', () => {
    expect(detectLocale({ query: 'zh-TW', acceptLanguage: 'en' })).toBe('zh-TW');
  });
  it('lets __lang override a stored cookie', () => {
    expect(detectLocale({ query: 'en', cookie: 'zh-CN' })).toBe('en');
  });
  it('keeps a stored choice over the header', () => {
    expect(detectLocale({ cookie: 'zh-CN', acceptLanguage: 'en' })).toBe('zh-CN');
  });
  it('ignores an unsupported __lang', () => {
    expect(detectLocale({ query: 'xx', acceptLanguage: 'zh-Hant' })).toBe('zh-TW');
  });
});

describe('textLocale and htmlLang', () => {
  it('serves ja with English texts', () => {
    expect(textLocale('ja')).toBe('en');
    expect(htmlLang('ja')).toBe('en');
  });
  it('keeps the three text locales', () => {
    expect(textLocale('zh-TW')).toBe('zh-TW');
    expect(htmlLang('zh-CN')).toBe('zh-CN');
  });
});
