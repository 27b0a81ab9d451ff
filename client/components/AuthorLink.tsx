import type { ArticleAuthor } from '../../shared/entities';
import { ColumnLink } from '../platform/ColumnLink';

/** An author's name, linking to their column (in the mini program, its column page). */
export function AuthorLink({ author, className }: { author: Pick<ArticleAuthor, 'username' | 'column'>; className?: string }) {
  return (
    <ColumnLink username={author.username} to={author.column} className={className}>
      {author.username}
    </ColumnLink>
  );
}
