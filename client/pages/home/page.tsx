import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { ArticleList } from '../../components/ArticleList';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';

export async function loader({ stores }: PageLoaderArgs): Promise<void> {
  await stores.feed.loadFirst();
}

/** The home page: the slogan and the latest public articles. */
export default observer(function HomePage() {
  const { env, feed } = useStores();
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
      <section className="home__latest">
        <h2 className="section-title">{env.t('feed.latest')}</h2>
        <ArticleList feed={feed} />
      </section>
    </main>
  );
});
