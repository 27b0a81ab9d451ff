/**
 * Reading a Chinese article in the other script (docs/decisions/038-search.md, "Reading in the
 * other script"): the reader's choice is the `zine_script` cookie (absent: as written); the
 * server converts the article's text.
 */
export const SCRIPT_COOKIE = 'zine_script';

/** Simplified (`hans`) or Traditional (`hant`) Chinese. */
export type ReadingScript = 'hans' | 'hant';

/** The script a cookie value asks for, or null (absent or anything else: as written). */
export function readingScriptOf(value: string | null | undefined): ReadingScript | null {
  return value === 'hans' || value === 'hant' ? value : null;
}

/**
 * The script an article's language is written in: Traditional for zh-TW, zh-HK, zh-MO and zh-Hant,
 * Simplified for every other Chinese tag (as `normaliseLocaleTag()` reads them), null when it is not Chinese.
 */
export function writtenScript(language: string): ReadingScript | null {
  return /^zh-(tw|hk|mo|hant)\b/i.test(language) ? 'hant' : /^zh(-|$)/i.test(language) ? 'hans' : null;
}

/** The script to convert an article into for a reader who asks for `wanted`: null when it stays as written. */
export function conversionFor(language: string, wanted: ReadingScript | null): ReadingScript | null {
  const written = writtenScript(language);
  return written && wanted && wanted !== written ? wanted : null;
}

/** The language tag of text in a script (its `lang`: fonts draw the two differently), the site's locale of that script. */
export function scriptTag(script: ReadingScript): 'zh-CN' | 'zh-TW' {
  return script === 'hant' ? 'zh-TW' : 'zh-CN';
}

/** The language tag of an article's text as shown: its own, or its script's when it was converted. */
export function scriptLanguage(language: string, shown: ReadingScript | null | undefined): string {
  return shown ? scriptTag(shown) : language;
}
