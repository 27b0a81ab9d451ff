import { pageTranslator } from '../../client/i18n/pageTexts';
import type { TextLocale } from '../../shared/locale';
import type { MailMessage } from '../mail/mailer';
import { NEWSLETTER_TEXTS } from './texts';

/** The double opt-in's mail: a link to the page that confirms the address (a GET never confirms by itself). */
export function confirmationMail(options: { email: string; author: string; link: string; locale: TextLocale; siteName: string }): MailMessage {
  const t = pageTranslator(NEWSLETTER_TEXTS, options.locale, options.siteName);
  const author = options.author;
  return {
    to: options.email,
    subject: t('confirm.subject', { author }),
    text: `${t('confirm.text', { author })}\n\n${options.link}\n\n${t('confirm.ignore')}\n`,
  };
}
