import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { relativeTime } from '../../../shared/relativeTime';
import { CommentPanel } from '../../components/CommentPanel';
import { articlePageMeta } from '../../routing/pageMeta';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';

/** Reads the article (with the share code of a share link) before the status is decided. */
export async function loader({ stores, params, request }: PageLoaderArgs): Promise<void> {
  const share = new URL(request.url).searchParams.get('share');
  const article = await stores.article.load(params.slug ?? '', share);
  stores.ui.setPageMeta(articlePageMeta(request, article, stores.env));
}

const THEMES = new Set(['default', 'theme-1', 'theme-2', 'theme-3']);

/** The article reading page (seed 001 §2): theme, title, author line, date, cover, body. */
export default observer(function ArticlePage() {
  const stores = useStores();
  const { article, env, account } = stores;
  const current = article.current;
  if (!current) return null;
  const theme = THEMES.has(current.theme) ? current.theme : 'default';
  const modified = Date.parse(current.modified);
  return (
    <main className={`article article--${theme}`} lang={current.language}>
      <article className="article__sheet">
        <header className="article__header">
          <h1 className="article__title">{current.title}</h1>
          <p className="article__byline">
            <Link to={current.author.column} className="article__author">
              {current.author.username}
            </Link>
            {account.username === current.author.username ? null : (
              <button
                type="button"
                className="button button--small article__follow"
                aria-pressed={current.author.follow_status !== null}
                onClick={() =>
                  current.author.follow_status
                    ? void article.setFollowingAuthor(false)
                    : void stores.perform({ kind: 'follow', username: current.author.username })
                }
              >
                {current.author.follow_status === 'bidirectional'
                  ? env.t('article.mutual')
                  : current.author.follow_status === 'following'
                    ? env.t('article.following')
                    : env.t('article.follow')}
              </button>
            )}
            <span aria-hidden="true"> · </span>
            <time dateTime={current.modified}>{relativeTime(modified, env.renderedAt, env.textLocale, env.t('time.justNow'))}</time>
            <span aria-hidden="true"> · </span>
            <span>{env.t('article.words', { count: current.word_count })}</span>
          </p>
        </header>
        {current.cover_url ? (
          <img className="article__cover" src={current.cover_url} alt="" width={1080} height={540} />
        ) : null}
        {/* Sanitised against the allow-list by the backend, on save and on the way out. */}
        <div className="article__content" dangerouslySetInnerHTML={{ __html: current.content }} />
        <footer className="article__actions">
          <button
            type="button"
            className="button"
            aria-pressed={current.thumb_up_status}
            onClick={() =>
              current.thumb_up_status ? void article.setLiked(false) : void stores.perform({ kind: 'like', slug: current.slug })
            }
          >
            {current.thumb_up_status ? env.t('article.liked') : env.t('article.like')} · {current.thumb_up_count}
          </button>
          <button
            type="button"
            className="button"
            aria-pressed={current.favorite_status}
            onClick={() =>
              current.favorite_status ? void article.setFavorite(false) : void stores.perform({ kind: 'favorite', slug: current.slug })
            }
          >
            {current.favorite_status ? env.t('article.favorited') : env.t('article.favorite')} · {current.favorite_count}
          </button>
        </footer>
        <CommentPanel slug={current.slug} />
      </article>
    </main>
  );
});
