import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { TEXT_LOCALES, type TextLocale } from '../../shared/locale';
import { bookletTexts } from '../editor/booklets/texts';
import { SMS_TEXTS } from '../pages/h5-sms-code/texts';
import { REDEEM_TEXTS } from '../pages/redeem/texts';
import en, { type Catalogue, type MessageKey } from './en';
import { pageTranslator } from './pageTexts';
import { formatMessage, translate, type PluralMessage } from './translate';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

const CATALOGUES: Readonly<Record<TextLocale, Catalogue>> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** Texts with a `{count}` whose English wording is the same for every number: they may stay plain. */
const COUNT_WITHOUT_PLURAL = new Set([
  'comments.title', // Comments ({count})
  'notify.unread', // {count} unread
  'booklet.paidChapters', // {count} paid
  'ratings.stars', // {count} out of 5
  'LOOK_TEXTS.backgroundNumber', // Background {number} of {count}
  'PDF_TEXTS.remaining', // {count} of {limit} left this month
  'PDF_TEXTS.left', // {count} left
  'REFERRAL_TEXTS.referred', // Friends who joined through your link: {count}
]);

describe('plural messages', () => {
  const followers: PluralMessage = { one: '{count} follower', other: '{count} followers' };

  it('picks the form by the count with the rules of the locale', () => {
    expect([0, 1, 2, 21].map((count) => formatMessage(followers, 'en', { count }))).toEqual(['0 followers', '1 follower', '2 followers', '21 followers']);
    expect(formatMessage(followers, 'zh-CN', { count: 1 })).toBe('1 followers');
  });

  it('falls back to other for a form the message lacks, and without a number', () => {
    expect(formatMessage({ other: '{count} 位关注者' }, 'en', { count: 1 })).toBe('1 位关注者');
    expect(formatMessage(followers, 'en')).toBe('{count} followers');
    expect(formatMessage(followers, 'en', { name: 'x' })).toBe('{count} followers');
    expect(formatMessage(followers, 'en', { count: '1' })).toBe('1 follower');
  });

  it('makes one Intl.PluralRules per locale', async () => {
    vi.resetModules();
    const Original = Intl.PluralRules;
    const made = vi.spyOn(Intl, 'PluralRules').mockImplementation(function (locales) {
      return new Original(locales);
    });
    try {
      const fresh = await import('./translate');
      for (const count of [0, 1, 2, 3]) fresh.formatMessage(followers, 'en', { count });
      fresh.formatMessage(followers, 'zh-TW', { count: 1 });
      fresh.formatMessage(followers, 'zh-TW', { count: 2 });
      fresh.formatMessage('{count} plain', 'zh-CN', { count: 2 });
      expect(made.mock.calls.map(([locale]) => locale)).toEqual(['en', 'zh-TW']);
    } finally {
      made.mockRestore();
    }
  });

  it('is the same selection for catalogues and page texts', () => {
    const texts = { en: { n: followers }, 'zh-CN': { n: '{count} 位关注者' }, 'zh-TW': { n: { other: '{count} 位關注者' } } } as const;
    for (const locale of TEXT_LOCALES) {
      const t = pageTranslator(texts, locale, 'Zine');
      for (const count of [0, 1, 2]) expect(t('n', { count })).toBe(formatMessage(texts[locale].n, locale, { count }));
    }
    expect(pageTranslator(texts, 'en', 'Zine')('n', { count: 1 })).toBe('1 follower');
    expect(pageTranslator(texts, 'zh-TW', 'Zine')('n', { count: 1 })).toBe('1 位關注者');
  });
});

describe('the count texts in the three languages', () => {
  const catalogueCases: [MessageKey, Record<string, number | string>, Record<TextLocale, [string, string, string]>][] = [
    [
      'column.followers',
      {},
      {
        en: ['0 followers', '1 follower', '2 followers'],
        'zh-CN': ['0 位关注者', '1 位关注者', '2 位关注者'],
        'zh-TW': ['0 位關注者', '1 位關注者', '2 位關注者'],
      },
    ],
    ['booklet.chapters', {}, { en: ['0 chapters', '1 chapter', '2 chapters'], 'zh-CN': ['0 章', '1 章', '2 章'], 'zh-TW': ['0 章', '1 章', '2 章'] }],
    ['article.words', {}, { en: ['0 characters', '1 character', '2 characters'], 'zh-CN': ['0 字', '1 字', '2 字'], 'zh-TW': ['0 字', '1 字', '2 字'] }],
    [
      'ratings.summary',
      { average: '4.5' },
      {
        en: ['4.5 out of 5 · 0 ratings', '4.5 out of 5 · 1 rating', '4.5 out of 5 · 2 ratings'],
        'zh-CN': ['4.5 / 5 · 0 个评分', '4.5 / 5 · 1 个评分', '4.5 / 5 · 2 个评分'],
        'zh-TW': ['4.5 / 5 · 0 個評分', '4.5 / 5 · 1 個評分', '4.5 / 5 · 2 個評分'],
      },
    ],
  ];

  it.each(catalogueCases)('%s', (key, params, expected) => {
    for (const locale of TEXT_LOCALES) {
      const texts = [0, 1, 2].map((count) => translate(CATALOGUES[locale], locale, key, { ...params, count }));
      expect(texts, locale).toEqual(expected[locale]);
    }
  });

  it('the booklet manager counts chapters', () => {
    const chapters = (locale: TextLocale) => [0, 1, 2].map((count) => bookletTexts(locale)('chapters', { count }));
    expect(chapters('en')).toEqual(['0 chapters', '1 chapter', '2 chapters']);
    expect(chapters('zh-CN')).toEqual(['0 个章节', '1 个章节', '2 个章节']);
    expect(chapters('zh-TW')).toEqual(['0 個章節', '1 個章節', '2 個章節']);
  });

  it('a redeem code counts months', () => {
    const months = (locale: TextLocale) => [0, 1, 2].map((count) => pageTranslator(REDEEM_TEXTS, locale, 'Zine')('months', { count }));
    expect(months('en')).toEqual(['0 months', '1 month', '2 months']);
    expect(months('zh-CN')).toEqual(['0 个月', '1 个月', '2 个月']);
    expect(months('zh-TW')).toEqual(['0 個月', '1 個月', '2 個月']);
  });

  it('the SMS page counts the seconds to wait', () => {
    const wait = (locale: TextLocale) => [0, 1, 2].map((count) => pageTranslator(SMS_TEXTS, locale, 'Zine')('error.wait', { count }));
    expect(wait('en')).toEqual([
      'Please wait 0 seconds before asking for another code.',
      'Please wait 1 second before asking for another code.',
      'Please wait 2 seconds before asking for another code.',
    ]);
    expect(wait('zh-CN')).toEqual(['请等待 0 秒后再获取验证码。', '请等待 1 秒后再获取验证码。', '请等待 2 秒后再获取验证码。']);
    expect(wait('zh-TW')).toEqual(['請等待 0 秒後再獲取驗證碼。', '請等待 1 秒後再獲取驗證碼。', '請等待 2 秒後再獲取驗證碼。']);
  });
});

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null;

/** The English table of every page's texts (a PageTexts export of a module under client/, the editor's read from JSON). */
async function pageTextTables(): Promise<Map<string, Readonly<Record<string, unknown>>>> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && /PageTexts|siteFreeTexts/.test(readFileSync(join(root, file), 'utf8')),
  );
  const tables = new Map<string, Readonly<Record<string, unknown>>>();
  for (const file of files) {
    const module: unknown = await import(join(root, file));
    if (!isRecord(module)) continue;
    for (const [name, value] of Object.entries(module)) {
      if (isRecord(value) && isRecord(value.en) && TEXT_LOCALES.every((locale) => isRecord(value[locale]))) tables.set(name, value.en);
    }
  }
  return tables;
}

/** Keys of English texts that take a `{count}` but are plain strings, and of plural ones without `one` and `other`. */
function countTextsNotPlural(table: Readonly<Record<string, unknown>>, prefix: string): string[] {
  return Object.entries(table).flatMap(([key, text]) => {
    if (typeof text === 'string') return text.includes('{count}') && !COUNT_WITHOUT_PLURAL.has(prefix + key) ? [prefix + key] : [];
    return isRecord(text) && typeof text.one === 'string' && typeof text.other === 'string' ? [] : [prefix + key];
  });
}

describe('every English text with a {count} is plural', () => {
  it('in the catalogue', () => {
    expect(countTextsNotPlural(en, '')).toEqual([]);
  });

  it("in every page's texts", async () => {
    const tables = await pageTextTables();
    expect([...tables.keys()]).toEqual(
      expect.arrayContaining(['BOOKLET_TEXTS', 'EDITOR_TEXTS', 'PDF_TEXTS', 'LOOK_TEXTS', 'PAYMENT_TEXTS', 'REDEEM_TEXTS', 'REFERRAL_TEXTS', 'SMS_TEXTS']),
    );
    expect([...tables].flatMap(([name, table]) => countTextsNotPlural(table, `${name}.`))).toEqual([]);
  });

  it('allows plain count texts only where they exist and are plain', async () => {
    const tables = await pageTextTables();
    for (const entry of COUNT_WITHOUT_PLURAL) {
      const [name = '', ...rest] = entry.split('.');
      const text = tables.has(name) ? tables.get(name)?.[rest.join('.')] : (en as Readonly<Record<string, unknown>>)[entry];
      expect(typeof text === 'string' && text.includes('{count}'), entry).toBe(true);
    }
  });
});
