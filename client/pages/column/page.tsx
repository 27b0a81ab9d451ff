import { observer } from 'mobx-react-lite';
import { NavLink, Outlet } from 'react-router-dom';
import { columnUsername } from '../../../shared/column';
import { columnPageMeta } from '../../routing/pageMeta';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';
import { NewsletterButton } from '../../components/NewsletterButton';

/** The route checked the `@username`; the column (owner and both lists) loads once for all tabs. */
export async function loader({ stores, params, request }: PageLoaderArgs): Promise<void> {
  await stores.column.load(columnUsername(params.column) ?? '');
  if (stores.column.owner) stores.ui.setPageMeta(columnPageMeta(request, stores.column.owner, stores.env));
}

/** An author's column: who they are, their followers, the three tabs and the tab's list. */
export default observer(function ColumnPage() {
  const stores = useStores();
  const { env, column, account } = stores;
  const owner = column.owner;
  if (!owner) return null;
  const followLabel =
    owner.follow_status === 'bidirectional' ? env.t('column.follow.mutual') : owner.follow_status === 'following' ? env.t('column.follow.following') : null;
  return (
    <main className="screen column">
      <header className="column__header">
        <h1 className="screen__title">{env.t('screen.column.intro', { name: owner.username })}</h1>
        {owner.description ? <p className="screen__intro">{owner.description}</p> : null}
        <p className="column__meta">
          {owner.city ? <span>{owner.city} · </span> : null}
          <span>{env.t('column.followers', { count: owner.follower_count })}</span>
          {followLabel ? <span className="column__relation"> · {followLabel}</span> : null}
        </p>
        {account.username === owner.username ? null : (
          <button
            type="button"
            className="button button--small column__follow"
            aria-pressed={owner.follow_status !== null}
            onClick={() => (owner.follow_status ? void column.setFollowing(false) : void stores.perform({ kind: 'follow', username: owner.username }))}
          >
            {owner.follow_status ? env.t('column.unfollow') : env.t('article.follow')}
          </button>
        )}
        <NewsletterButton
          author={owner.username}
          following={owner.follow_status !== null}
          follow={() => column.setFollowing(true)}
          className="column__newsletter"
        />
      </header>
      <nav className="tabs">
        <NavLink to={owner.column} end className="tabs__tab">
          {env.t('screen.column-home.title')}
        </NavLink>
        <NavLink to={`${owner.column}articles`} className="tabs__tab">
          {env.t('screen.column-articles.title')} ({column.originals.count})
        </NavLink>
        <NavLink to={`${owner.column}collections`} className="tabs__tab">
          {env.t('screen.column-collections.title')} ({column.favorites.count})
        </NavLink>
      </nav>
      <Outlet />
    </main>
  );
});
