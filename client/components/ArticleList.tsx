import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { articlePath } from '../../shared/seoMeta';
import { useStores } from '../stores/context';
import type { ArticleSummary } from '../../shared/entities';
import type { PagedList } from '../stores/PagedList';
import { AuthorLink } from './AuthorLink';
import { RelativeTime } from './RelativeTime';

/**
 * Public articles as cards, with 'Load more' until the list is finished. The cards' titles are
 * headings one level under the list's own heading: h3 by default, h2 straight under a page's h1.
 */
export const ArticleList = observer(function ArticleList({ feed, headingLevel = 3 }: { feed: PagedList<ArticleSummary>; headingLevel?: 2 | 3 }) {
  const { env } = useStores();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (feed.loaded && feed.items.length === 0) return <p className="article-list__empty">{env.t('feed.empty')}</p>;
  return (
    <>
      <ul className="article-list">
        {feed.items.map((article) => (
          <li key={article.id} className="article-card" lang={article.language}>
            <Heading className="article-card__title">
              <Link to={articlePath(article.slug)}>{article.title}</Link>
            </Heading>
            {article.description ? <p className="article-card__description">{article.description}</p> : null}
            <p className="article-card__meta">
              <AuthorLink author={article.author} />
              <span aria-hidden="true"> · </span>
              <RelativeTime at={article.modified} />
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
