import type { ArticleErrorReason } from '../../../shared/articleErrors';
import type { AccountInfo, ArticleDetail } from '../../../shared/entities';
import type { MessageKey } from '../../i18n/en';

/** The review page is its author's and the operators' (the API lets them read any state). */
export function canReview(account: AccountInfo, article: Pick<ArticleDetail, 'author'>): boolean {
  if (account.id === undefined) return false;
  return account.username === article.author.username || account.role === 'operator';
}

/** The banner's line for the article's state; a backend that does not say gets the cautious line. */
export function reviewStateKey(state: ArticleErrorReason | null | undefined): MessageKey {
  if (state === null) return 'review.public';
  if (state === undefined) return 'review.unknown';
  return `review.${state}`;
}
