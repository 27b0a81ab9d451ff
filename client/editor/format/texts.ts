import { siteFreeTexts, type TextKey } from '../../i18n/pageTexts';
import FORMAT_TEXTS from './texts.json';

/** The toolbar's and the context menu's labels (editor chunk only). */
export { FORMAT_TEXTS };
export type FormatTextKey = TextKey<typeof FORMAT_TEXTS>;
export const formatTexts = siteFreeTexts(FORMAT_TEXTS);
