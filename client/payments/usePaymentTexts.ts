import { pageTranslator } from '../i18n/pageTexts';
import { useStores } from '../stores/context';
import { PAYMENT_TEXTS } from './texts';

/** The commerce texts in the reader's language. */
export function usePaymentTexts() {
  const { env } = useStores();
  return pageTranslator(PAYMENT_TEXTS, env.textLocale, env.siteName);
}
