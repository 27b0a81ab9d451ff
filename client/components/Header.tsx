import { observer } from 'mobx-react-lite';
import { Link, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { pageTitle } from '../routing/documentTitle';
import { useStores } from '../stores/context';
import { AccountNav } from './AccountNav';
import { SearchForm } from './SearchForm';

/**
 * The standard header (docs/specification/shell.md §2): back button and the page's title (inside the app shells,
 * which have no browser chrome) or logo, slogan and the search box (docs/decisions/038), the bell
 * and the profile menu; signed out, a Sign In button.
 */
export const Header = observer(function Header() {
  const stores = useStores();
  const { env } = stores;
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const inAppShell = env.clientType.shell === 'app' || env.clientType.shell === 'miniprogram';
  const showBack = inAppShell && location.pathname !== '/';
  const title = pageTitle(stores, matches);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        {showBack ? (
          <button type="button" className="site-header__back" onClick={() => void navigate(-1)} aria-label={env.t('nav.back')}>
            <span aria-hidden="true">‹</span> {env.t('nav.back')}
          </button>
        ) : (
          // Named by its words, the logo's and a hidden 'Home': an aria-label would hide the words shown (WCAG 2.5.3).
          <Link to="/" className="site-header__logo">
            <span className="site-header__mark" aria-hidden="true">
              Z
            </span>
            <span className="site-header__name">{env.siteName}</span>
            <span className="visually-hidden"> {env.t('nav.home')}</span>
          </Link>
        )}
        {/* Beside the back button the page says where the reader is; beside the logo, the slogan (docs/specification/shell.md §2). */}
        {showBack && title ? <p className="site-header__title">{title}</p> : <p className="site-header__slogan">{env.t('site.slogan')}</p>}
        {/* The search page has its own box; beside the back button there is no room. */}
        {showBack || location.pathname.startsWith('/search') ? null : <SearchForm className="site-header__search" />}
        <AccountNav />
      </div>
    </header>
  );
});
