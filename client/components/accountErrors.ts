import type { AccountErrorReason } from '../../shared/accountErrors';
import type { MessageKey } from '../i18n/en';

/** The banned, suspended and expired-account screens (docs/specification/shell.md §2; docs/decisions/016). */
export const ACCOUNT_ERROR_TEXTS: Readonly<Record<AccountErrorReason, { title: MessageKey; text: MessageKey; upgrade?: 'article.buyMembership' }>> = {
  'Account Banned': { title: 'account.error.banned.title', text: 'account.error.banned.text' },
  'Account Suspended': { title: 'account.error.suspended.title', text: 'account.error.suspended.text' },
  'Account Expired': { title: 'account.error.expired.title', text: 'account.error.expired.text', upgrade: 'article.buyMembership' },
};
