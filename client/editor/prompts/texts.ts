import { siteFreeTexts, type TextKey } from '../../i18n/pageTexts';
import PROMPT_TEXTS from './texts.json';

/** The member-upgrade and phone-verification prompts (editor chunk only). */
export { PROMPT_TEXTS };
export type PromptTextKey = TextKey<typeof PROMPT_TEXTS>;
export const promptTexts = siteFreeTexts(PROMPT_TEXTS);
