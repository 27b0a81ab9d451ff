import { observer } from 'mobx-react-lite';
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router-dom';
import { columnPath } from '../../shared/column';
import { SIGN_IN_PATH } from '../../shared/constants';
import { signInPath } from '../routing/guards';
import { useStores } from '../stores/context';
import { NotificationBell } from './NotificationBell';

/**
 * The standard header: back button (inside the app shells, which have no browser
 * chrome) or logo, slogan, and the account area.
 */
export const Header = observer(function Header() {
  const { env, account } = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  const inAppShell = env.clientType.shell === 'app' || env.clientType.shell === 'miniprogram';
  const showBack = inAppShell && location.pathname !== '/';
  const here = location.pathname + location.search;
  const revalidator = useRevalidator();

  const signOut = async () => {
    await account.signOut();
    // Guarded pages send the reader on to sign in once the session is gone.
    await revalidator.revalidate();
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
        <p className="site-header__slogan">{env.t('site.slogan')}</p>
        <nav className="site-header__account" aria-label={env.t('nav.mainLabel')}>
          {account.signedIn ? <NotificationBell /> : null}
          {account.signedIn && account.username ? (
            <>
              <Link to={columnPath(account.username)} className="site-header__user">
                {account.username}
              </Link>
              <button type="button" className="button button--small button--danger" onClick={signOut}>
                {env.t('nav.signOut')}
              </button>
            </>
          ) : location.pathname.startsWith(SIGN_IN_PATH.slice(0, -1)) ? null : (
            <Link to={signInPath(here)} className="button button--primary button--small">
              {env.t('nav.signIn')}
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
});
