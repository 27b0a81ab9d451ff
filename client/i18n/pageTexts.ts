import type { TextLocale } from '../../shared/locale';
import type { MessageParams } from './translate';

/** A page's own texts in the three languages: kept in the page's chunk, out of the catalogues every page loads. */
export type PageTexts<K extends string> = Readonly<Record<TextLocale, Readonly<Record<K, string>>>>;

/** A translator over a page's own texts; `{site}` is the product's name, as in the catalogues. */
export function pageTranslator<K extends string>(texts: PageTexts<K>, locale: TextLocale, site: string) {
  const table = texts[locale];
  return (key: K, params?: MessageParams): string =>
    table[key].replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = name === 'site' ? site : params?.[name];
      return value === undefined ? whole : String(value);
    });
}
