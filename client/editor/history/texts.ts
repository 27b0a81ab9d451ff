import { siteFreeTexts, type TextKey } from '../../i18n/pageTexts';
import HISTORY_TEXTS from './texts.json';

/** The version history's texts (editor chunk only). */
export { HISTORY_TEXTS };
export type HistoryTextKey = TextKey<typeof HISTORY_TEXTS>;
export const historyTexts = siteFreeTexts(HISTORY_TEXTS);
