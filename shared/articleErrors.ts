/** docs/specification/shell.md §2: why an article cannot be read; the backend answers `{"detail": reason}`. */
export const ARTICLE_ERROR_REASONS = [
  'Article Banned',
  'Article Suspended',
  'User Expired',
  'Does Not Exist',
  'User Inactive',
  'Private Article',
  'Visiting Traffic Exhausted',
] as const;

export type ArticleErrorReason = (typeof ARTICLE_ERROR_REASONS)[number];

export function isArticleErrorReason(value: unknown): value is ArticleErrorReason {
  return typeof value === 'string' && (ARTICLE_ERROR_REASONS as readonly string[]).includes(value);
}

/** docs/design.md §1: 404 for 'Does Not Exist', 403 for every other reason. */
export function articleErrorStatus(reason: ArticleErrorReason): number {
  return reason === 'Does Not Exist' ? 404 : 403;
}
