import type { TextLocale } from '../../shared/locale';
import type { Catalogue } from './en';

/** One catalogue per page: each locale is its own chunk, loaded before hydration. */
export async function loadCatalogue(locale: TextLocale): Promise<Catalogue> {
  switch (locale) {
    case 'zh-CN':
      return (await import('./zh-CN')).default;
    case 'zh-TW':
      return (await import('./zh-TW')).default;
    default:
      return (await import('./en')).default;
  }
}

/** The source file of each catalogue, as the build manifest names it. */
export const CATALOGUE_MODULES: Readonly<Record<TextLocale, string>> = {
  en: 'client/i18n/en.ts',
  'zh-CN': 'client/i18n/zh-CN.ts',
  'zh-TW': 'client/i18n/zh-TW.ts',
};
