import type { TextLocale } from '../../shared/locale';
import { formatMessage, type Message, type MessageParams } from './translate';

/** A page's own texts in the three languages: kept in the page's chunk, out of the catalogues every page loads. */
export type PageTexts<K extends string> = Readonly<Record<TextLocale, Readonly<Record<K, Message>>>>;

/** A translator over a page's own texts; `{site}` is the product's name, as in the catalogues. */
export function pageTranslator<K extends string>(texts: PageTexts<K>, locale: TextLocale, site: string) {
  const table = texts[locale];
  return (key: K, params?: MessageParams): string => formatMessage(table[key], locale, { ...params, site });
}

/** The keys of a texts table. */
export type TextKey<Texts extends PageTexts<string>> = keyof Texts['en'] & string;

/** A translator over one table's keys. */
export type Translate<K extends string> = (key: K, params?: MessageParams) => string;

/** The translator maker of texts that name no site (the editor's parts): one table, any locale. */
export function siteFreeTexts<K extends string>(texts: PageTexts<K>): (locale: TextLocale) => Translate<K> {
  return (locale) => pageTranslator(texts, locale, '');
}
