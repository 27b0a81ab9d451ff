import { siteFreeTexts, type TextKey } from '../../i18n/pageTexts';
import LOOK_TEXTS from './texts.json';

/** The look controls' labels (editor chunk only; the theme titles are in the catalogues, which readers use too). */
export { LOOK_TEXTS };
export type LookTextKey = TextKey<typeof LOOK_TEXTS>;
export const lookTexts = siteFreeTexts(LOOK_TEXTS);
