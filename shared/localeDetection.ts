import { parse as parseAcceptLanguage } from 'accept-language-parser';
import { DEFAULT_LOCALE, normaliseLocaleTag, type Locale } from './locale';

// Detection runs on the server only: apart from locale.ts, so the browser's bundle never holds the parser.

export interface LocaleInputs {
  /** `__lang` from the query string. */
  query?: string | null;
  /** `__lang` cookie: the choice made earlier. */
  cookie?: string | null;
  /** The `Accept-Language` header. */
  acceptLanguage?: string | null;
}

/**
 * docs/specification/shell.md §9: the `__lang` parameter overrides the header (and a stored choice),
 * then the supported `Accept-Language` tag with the highest q wins, default en.
 */
export function detectLocale(inputs: LocaleInputs): Locale {
  return normaliseLocaleTag(inputs.query) ?? normaliseLocaleTag(inputs.cookie) ?? localeFromAcceptLanguage(inputs.acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The supported tag with the highest quality in an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = parseAcceptLanguage(header)
    .map((language, index) => ({ language, index }))
    .sort((a, b) => b.language.quality - a.language.quality || a.index - b.index);
  for (const { language } of ranked) {
    const tag = [language.code, language.script, language.region].filter(Boolean).join('-');
    const locale = normaliseLocaleTag(tag);
    if (locale) return locale;
  }
  return null;
}
