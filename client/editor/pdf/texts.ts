import { siteFreeTexts, type TextKey } from '../../i18n/pageTexts';
import PDF_TEXTS from './texts.json';

/** The PDF button's texts (editor chunk only). */
export { PDF_TEXTS };
export type PdfTextKey = TextKey<typeof PDF_TEXTS>;
export const pdfTexts = siteFreeTexts(PDF_TEXTS);
