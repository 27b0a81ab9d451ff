import type { ArticleErrorReason } from '../../shared/articleErrors';
import type { MessageKey } from '../i18n/en';

type ArticleErrorTexts = { title: MessageKey; text: MessageKey; upgrade?: 'article.upgrade' | 'article.buyMembership' };

/** docs/specification/shell.md §2: each reason an article cannot be read, with its own screen. */
export const ARTICLE_ERROR_TEXTS: Readonly<Record<ArticleErrorReason | 'unknown', ArticleErrorTexts>> = {
  'Article Banned': { title: 'article.error.banned.title', text: 'article.error.banned.text' },
  'Article Suspended': { title: 'article.error.suspended.title', text: 'article.error.suspended.text' },
  'User Expired': { title: 'article.error.expired.title', text: 'article.error.expired.text', upgrade: 'article.buyMembership' },
  'Does Not Exist': { title: 'article.error.missing.title', text: 'article.error.missing.text' },
  'User Inactive': { title: 'article.error.inactive.title', text: 'article.error.inactive.text' },
  'Private Article': { title: 'article.error.private.title', text: 'article.error.private.text' },
  'Visiting Traffic Exhausted': { title: 'article.error.quota.title', text: 'article.error.quota.text', upgrade: 'article.upgrade' },
  unknown: { title: 'article.error.unknown.title', text: 'article.error.unknown.text' },
};
