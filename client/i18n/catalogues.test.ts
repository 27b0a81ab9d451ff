import { describe, expect, it } from 'vitest';
import en from './en';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import { translate } from './translate';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it.each([
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ] as const)('%s has every key with the same placeholders and real text', (_name, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(catalogue[key]), key).toEqual(placeholders(en[key]));
      expect(catalogue[key].trim().length, key).toBeGreaterThan(0);
    }
  });

  it('fills placeholders', () => {
    expect(translate(en, 'error.status', { status: 404 })).toBe('Error 404');
    expect(translate(zhTW, 'footer.copyright', { start: 2012, year: 2026, site: 'Zine' })).toBe(
      '© 2012–2026 Zine。保留所有權利。',
    );
  });

  it('leaves unknown placeholders alone', () => {
    expect(translate(en, 'error.status')).toBe('Error {status}');
  });
});
