import { observer } from 'mobx-react-lite';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SIGN_IN_PATH } from '../../shared/constants';
import { signInPath } from '../routing/guards';
import { useStores } from '../stores/context';
import { NotificationBell } from './NotificationBell';
import { ProfileMenu } from './ProfileMenu';
import { useHydrated } from './useHydrated';

/**
 * The header's account part: the bell and the profile menu, or, signed out, a Sign In button.
 * The one part of a shared page that is the reader's own: the server renders it alone for a
 * signed-in reader of a page the render cache holds (server/render/sharedPages.tsx).
 */
export const AccountNav = observer(function AccountNav() {
  const { env, account, signIn } = useStores();
  const location = useLocation();
  const hydrated = useHydrated();
  const here = location.pathname + location.search;
  const onSignInPage = location.pathname.startsWith(SIGN_IN_PATH.slice(0, -1));

  // Without script the button is a link to the sign-in page; with it, the overlay opens in place.
  const openSignIn = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    signIn.open();
  };

  return (
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
  );
});
