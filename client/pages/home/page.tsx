import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { ArticleList } from '../../components/ArticleList';
import { BookletCards } from '../../components/BookletCards';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';

export async function loader({ stores }: PageLoaderArgs): Promise<void> {
  // The booklet shelf is this site's own call (docs/decisions/067): a back end without it (the proxy's
  // upstream) leaves the shelf empty, and the page still shows its articles.
  await Promise.all([stores.feed.loadFirst(), stores.bookletList.loadFirst().catch(() => undefined)]);
}

/** The home page: the slogan, the booklets and the latest public articles (a booklet's chapters are read in it). */
export default observer(function HomePage() {
  const { env, feed, bookletList } = useStores();
  return (
    <main className="screen home">
      <section className="home__hero">
        <h1 className="screen__title">{env.t('screen.home.title')}</h1>
        <p className="screen__intro">{env.t('screen.home.intro')}</p>
        <p className="home__actions">
          <Link to="/found/" className="button button--primary">
            {env.t('screen.found.title')}
          </Link>
          <Link to="/apps/download/" className="button">
            {env.t('screen.apps-download.title')}
          </Link>
        </p>
      </section>
      <BookletCards list={bookletList} titleId="home-booklets" />
      <section className="home__latest">
        <h2 className="section-title">{env.t('feed.latest')}</h2>
        <ArticleList feed={feed} />
      </section>
    </main>
  );
});
