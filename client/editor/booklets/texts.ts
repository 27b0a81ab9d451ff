import { siteFreeTexts, type TextKey, type Translate } from '../../i18n/pageTexts';
import BOOKLET_TEXTS from './texts.json';

/** The booklet manager's texts in the three languages (texts.json), kept in the editor chunk. */
export { BOOKLET_TEXTS };
export type BookletTextKey = TextKey<typeof BOOKLET_TEXTS>;
export type BookletTranslate = Translate<BookletTextKey>;
export const bookletTexts = siteFreeTexts(BOOKLET_TEXTS);
