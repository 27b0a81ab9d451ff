import type { TextLocale } from '../../shared/locale';
import en, { type Catalogue } from '../../client/i18n/en';
import zhCN from '../../client/i18n/zh-CN';
import zhTW from '../../client/i18n/zh-TW';

/** The server holds every catalogue; each page ships only its own to the browser. */
export const CATALOGUES: Readonly<Record<TextLocale, Catalogue>> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };
