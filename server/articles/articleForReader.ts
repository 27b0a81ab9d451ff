import type { Kysely } from 'kysely';
import type { ArticleDetail } from '../../shared/entities';
import type { ReadingScript } from '../../shared/readingScript';
import { articleInScript } from '../content/readingScript';
import type { DB, User } from '../db/schema';
import { commentCount } from '../comments/comments';
import { followState, reactionState } from '../social/reactionsAndFollows';
import { readArticle, type ReadOptions } from './readArticle';

export interface ReaderOptions extends ReadOptions {
  /** The script the reader asked for (the `zine_script` cookie): a Chinese article in the other script is converted (decision 038). */
  script?: ReadingScript | null;
}

/** The article with the social state its reader sees: counts, their own flags, the author's followers; in the reader's script. */
export async function articleForReader(db: Kysely<DB>, slug: string, reader: User | null, now: number, options: ReaderOptions = {}): Promise<ArticleDetail> {
  const { article, authorId } = await readArticle(db, slug, reader, now, options);
  const readerId = reader?.id ?? null;
  const [likes, favorites, author, comments] = await Promise.all([
    reactionState(db, 'likes', article.id, readerId),
    reactionState(db, 'favorites', article.id, readerId),
    followState(db, authorId, readerId),
    commentCount(db, article.id),
  ]);
  const detail: ArticleDetail = {
    ...article,
    thumb_up_count: likes.count,
    thumb_up_status: likes.status,
    favorite_count: favorites.count,
    favorite_status: favorites.status,
    comment_count: comments,
    author: { ...article.author, ...author },
  };
  return articleInScript(detail, options.script ?? null);
}
