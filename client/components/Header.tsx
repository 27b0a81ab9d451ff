import { observer } from 'mobx-react-lite';
import type { MouseEvent } from 'react';
import { Link, useLocation, useMatches, useNavigate } from '../routing/router';
import { SIGN_IN_PATH } from '../../shared/constants';
import { pageTitle } from '../routing/documentTitle';
import { signInPath } from '../routing/guards';
import { useStores } from '../stores/context';
import { NotificationBell } from './NotificationBell';
import { ProfileMenu } from './ProfileMenu';
import { SearchForm } from './SearchForm';
import { useHydrated } from './useHydrated';

/**
 * The standard header (docs/specification/shell.md §2): back button and the page's title (inside the app shells,
 * which have no browser chrome) or logo, slogan and the search box (docs/decisions/038), the bell
 * and the profile menu; signed out, a Sign In button.
 */
export const Header = observer(function Header() {
  const stores = useStores();
  const { env, account, signIn } = stores;
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const inAppShell = env.clientType.shell === 'app' || env.clientType.shell === 'miniprogram';
  const showBack = inAppShell && location.pathname !== '/';
  const title = pageTitle(stores, matches);
  const here = location.pathname + location.search;
  const onSignInPage = location.pathname.startsWith(SIGN_IN_PATH.slice(0, -1));

  // Without script the button is a link to the sign-in page; with it, the overlay opens in place.
  const openSignIn = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    signIn.open();
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        {showBack ? (
          <button type="button" className="site-header__back" onClick={() => navigate(-1)} aria-label={env.t('nav.back')}>
            <span aria-hidden="true">‹</span> {env.t('nav.back')}
          </button>
        ) : (
          <Link to="/" className="site-header__logo" aria-label={env.t('nav.home')}>
            <span className="site-header__mark" aria-hidden="true">
              Z
            </span>
            <span className="site-header__name">{env.siteName}</span>
          </Link>
        )}
        {/* Beside the back button the page says where the reader is; beside the logo, the slogan (docs/specification/shell.md §2). */}
        {showBack && title ? <p className="site-header__title">{title}</p> : <p className="site-header__slogan">{env.t('site.slogan')}</p>}
        {/* The search page has its own box; beside the back button there is no room. */}
        {showBack || location.pathname.startsWith('/search') ? null : <SearchForm className="site-header__search" />}
        <nav className="site-header__account" aria-label={env.t('nav.mainLabel')}>
          {account.signedIn ? <NotificationBell /> : null}
          {account.signedIn && account.username ? (
            <ProfileMenu />
          ) : onSignInPage ? null : (
            <Link to={signInPath(here)} className="button button--primary button--small" onClick={openSignIn}>
              {env.t('nav.signIn')}
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
});
