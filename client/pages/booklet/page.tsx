import { Outlet } from 'react-router-dom';
import { useStores } from '../../stores/context';

/** A booklet: its title and the selected section (overview by default) or chapter. */
export default function BookletPage() {
  const { env } = useStores();
  return (
    <main className="screen booklet">
      <h1 className="screen__title">{env.t('screen.booklet.title')}</h1>
      <p className="screen__intro">{env.t('screen.booklet.intro')}</p>
      <Outlet />
    </main>
  );
}
