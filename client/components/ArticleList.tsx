import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { ColumnLink } from '../platform/ColumnLink';
import { relativeTime } from '../../shared/relativeTime';
import { articlePath } from '../../shared/seoMeta';
import { useStores } from '../stores/context';
import type { ArticleSummary } from '../../shared/entities';
import type { PagedList } from '../stores/PagedList';

/** Public articles as cards, with 'Load more' until the list is finished. */
export const ArticleList = observer(function ArticleList({ feed }: { feed: PagedList<ArticleSummary> }) {
  const { env } = useStores();
  if (feed.loaded && feed.items.length === 0) return <p className="article-list__empty">{env.t('feed.empty')}</p>;
  return (
    <>
      <ul className="article-list">
        {feed.items.map((article) => (
          <li key={article.id} className="article-card" lang={article.language}>
            <h3 className="article-card__title">
              <Link to={articlePath(article.slug)}>{article.title}</Link>
            </h3>
            {article.description ? <p className="article-card__description">{article.description}</p> : null}
            <p className="article-card__meta">
              <ColumnLink username={article.author.username} to={article.author.column}>
                {article.author.username}
              </ColumnLink>
              <span aria-hidden="true"> · </span>
              <time dateTime={article.modified}>{relativeTime(Date.parse(article.modified), env.renderedAt, env.textLocale, env.t('time.justNow'))}</time>
            </p>
          </li>
        ))}
      </ul>
      {feed.finished ? (
        <p className="article-list__end">{env.t('feed.end')}</p>
      ) : (
        <button type="button" className="button article-list__more" disabled={feed.loading} onClick={() => void feed.loadMore()}>
          {feed.loading ? env.t('feed.loading') : env.t('feed.more')}
        </button>
      )}
    </>
  );
});
