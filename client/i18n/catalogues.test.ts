import { describe, expect, it } from 'vitest';
import en, { type Catalogue } from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import { translate, type Message } from './translate';

/** Every form of a text: one for a plain text, each plural form of a plural one. */
const forms = (message: Message): string[] => (typeof message === 'string' ? [message] : Object.values(message));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it.each([
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ] as const)('%s has every key with the same placeholders and real text', (_name, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const [english = ''] = forms(en[key]);
      for (const text of [...forms(en[key]), ...forms(catalogue[key])]) {
        expect(placeholders(text), key).toEqual(placeholders(english));
        expect(text.trim().length, key).toBeGreaterThan(0);
      }
    }
  });

  it('keeps a plain English text plain in the other catalogues (checked by tsc)', () => {
    // @ts-expect-error: 'nav.home' is plain in English, so no catalogue may make it plural.
    const plural: Catalogue = { ...zhCN, 'nav.home': { other: '首页' } };
    const plain: Catalogue = { ...zhCN, 'column.followers': '{count} 位关注者' };
    expect(plural['nav.home']).toEqual({ other: '首页' });
    expect(plain['column.followers']).toBe('{count} 位关注者');
  });

  it('fills placeholders', () => {
    expect(translate(en, 'en', 'error.status', { status: 404 })).toBe('Error 404');
    expect(translate(zhTW, 'zh-TW', 'footer.copyright', { start: 2012, year: 2026, site: 'Zine' })).toBe('© 2012–2026 Zine。保留所有權利。');
  });

  it('leaves unknown placeholders alone', () => {
    expect(translate(en, 'en', 'error.status')).toBe('Error {status}');
  });
});
