import { NavLink, Outlet, useParams } from 'react-router-dom';
import { columnPath, columnUsername } from '../../../shared/column';
import { useStores } from '../../stores/context';

/** An author's column: its name, the three tabs, and the tab's content. */
export default function ColumnPage() {
  const { env } = useStores();
  const username = columnUsername(useParams().column) ?? '';
  const base = columnPath(username);
  return (
    <main className="screen column">
      <h1 className="screen__title">{env.t('screen.column.intro', { name: username })}</h1>
      <nav className="tabs">
        <NavLink to={base} end className="tabs__tab">
          {env.t('screen.column-home.title')}
        </NavLink>
        <NavLink to={`${base}articles`} className="tabs__tab">
          {env.t('screen.column-articles.title')}
        </NavLink>
        <NavLink to={`${base}collections`} className="tabs__tab">
          {env.t('screen.column-collections.title')}
        </NavLink>
      </nav>
      <Outlet />
    </main>
  );
}
