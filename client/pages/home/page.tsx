import { Link } from 'react-router-dom';
import { useStores } from '../../stores/context';

export default function HomePage() {
  const { env } = useStores();
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
    </main>
  );
}
