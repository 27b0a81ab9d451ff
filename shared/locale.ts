/** A locale the site detects. `ja` is detected but has no texts of its own. */
export type Locale = 'en' | 'zh-CN' | 'zh-TW' | 'ja';

/** A locale with its own catalogue of interface texts. */
export type TextLocale = 'en' | 'zh-CN' | 'zh-TW';

export const TEXT_LOCALES: readonly TextLocale[] = ['en', 'zh-CN', 'zh-TW'];

export const DEFAULT_LOCALE: Locale = 'en';

/** Query parameter and cookie that carry the reader's own language choice. */
export const LANG_PARAM = '__lang';
export const LANG_COOKIE = '__lang';

/**
 * Maps one language tag to a supported locale: any tag containing zh-tw or zh-hant
 * gives zh-TW, every other zh tag zh-CN, en and ja are kept; anything else is null.
 */
export function normaliseLocaleTag(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  if (lower.includes('zh-tw') || lower.includes('zh-hant')) return 'zh-TW';
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (lower === 'ja' || lower.startsWith('ja-')) return 'ja';
  return null;
}

/** The catalogue a locale reads its texts from: ja falls back to English. */
export function textLocale(locale: Locale): TextLocale {
  return locale === 'ja' ? 'en' : locale;
}

/** The value of `<html lang>`: the language the texts are really in. */
export function htmlLang(locale: Locale): string {
  return textLocale(locale);
}
