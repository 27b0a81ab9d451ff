import { siteFreeTexts, type TextKey, type Translate } from '../i18n/pageTexts';
import EDITOR_TEXTS from './texts.json';

/**
 * Every text of the editor in the three languages (docs/specification/content-and-commerce.md §8 and the editor's own labels).
 * Kept in the editor chunk, never in the catalogues reader pages load. H3, H4 and H6 use the
 * shared messages (copied, upload messages, traffic, save before upload) from here.
 */
export { EDITOR_TEXTS };
export type EditorTextKey = TextKey<typeof EDITOR_TEXTS>;
export type EditorTranslate = Translate<EditorTextKey>;
export const editorTexts = siteFreeTexts(EDITOR_TEXTS);
