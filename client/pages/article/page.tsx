import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { relativeTime } from '../../../shared/relativeTime';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';

/** Reads the article (with the share code of a share link) before the status is decided. */
export async function loader({ stores, params, request }: PageLoaderArgs): Promise<void> {
  const share = new URL(request.url).searchParams.get('share');
  const article = await stores.article.load(params.slug ?? '', share);
  stores.ui.setPageTitle(article.title);
}

const THEMES = new Set(['default', 'theme-1', 'theme-2', 'theme-3']);

/** The article reading page (seed 001 §2): theme, title, author line, date, cover, body. */
export default observer(function ArticlePage() {
  const { article, env } = useStores();
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
      </article>
    </main>
  );
});
