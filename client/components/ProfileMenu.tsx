import { observer } from 'mobx-react-lite';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { columnPath } from '../../shared/column';
import { MEMBER_TIERS, type MemberTier } from '../../shared/constants';
import { sitePath } from '../../shared/sitePath';
import { useStores } from '../stores/context';
import { MemberLink } from './MemberLink';
import { useDropdown } from './useDropdown';

const MENU_ID = 'profile-menu';
/** The user guide (a page of ours, in three languages) opens in a new tab, as the membership page (MemberLink.tsx). */
export const USER_GUIDE_PATH = '/page/guide';
export const WALLET_PATH = '/profile/wallet/';

/** The avatar and its menu (docs/specification/shell.md §2): 224 px, opened and closed with a 0.2 s transition. */
export const ProfileMenu = observer(function ProfileMenu() {
  const { env, account, signIn, feedback } = useStores();
  const { t } = env;
  const { open, setOpen, root } = useDropdown<HTMLDivElement>();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Opening the same address again runs the page's loaders again (the root's declines).
  const revalidate = () => navigate(`${sitePath(pathname)}${search}`, { replace: true });
  const username = account.username ?? '';
  const role = account.info.role;
  const tier: MemberTier | null = MEMBER_TIERS.find((name) => name === role) ?? null;

  const signOut = async () => {
    setOpen(false);
    await account.signOut();
    // Guarded pages send the reader on to sign in once the session is gone.
    await revalidate();
  };
  const mailSignIn = async () => {
    setOpen(false);
    await signIn.switchToMail();
    await revalidate();
  };

  return (
    <div className={`profile${open ? ' profile--open' : ''}`} ref={root}>
      <button
        type="button"
        className={`profile__avatar${tier ? ` profile__avatar--${tier}` : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={MENU_ID}
        aria-label={`${t('menu.label')}: ${username}`}
        onClick={() => setOpen(!open)}
      >
        {account.info.avatar ? (
          <img src={account.info.avatar} alt="" width={34} height={34} />
        ) : (
          <span aria-hidden="true">{username.slice(0, 1).toUpperCase()}</span>
        )}
        {tier ? (
          <span className={`profile__badge profile__badge--${tier}`} title={t(`menu.tier.${tier}`)}>
            <span className="visually-hidden">{t(`menu.tier.${tier}`)}</span>
          </span>
        ) : null}
      </button>
      <div className="profile__menu" id={MENU_ID} role="menu" aria-label={t('menu.label')} hidden={!open}>
        <p className="profile__who">
          <strong>{username}</strong>
          {account.info.email ? <span>{account.info.email}</span> : null}
        </p>
        <Link role="menuitem" to={columnPath(username)} className="profile__item">
          {t('menu.enterColumn')}
        </Link>
        <Link role="menuitem" to={WALLET_PATH} className="profile__item">
          {t('menu.wallet')}
        </Link>
        <MemberLink role="menuitem" className="profile__item">
          {t('menu.upgrade')}
        </MemberLink>
        <button
          type="button"
          role="menuitem"
          className="profile__item"
          onClick={() => {
            setOpen(false);
            feedback.open();
          }}
        >
          {t('menu.feedback')}
        </button>
        <a role="menuitem" href={USER_GUIDE_PATH} target="_blank" rel="noopener" className="profile__item">
          {t('menu.guide')}
        </a>
        <button type="button" role="menuitem" className="profile__item" onClick={() => void mailSignIn()}>
          {t('menu.mailSignIn')}
        </button>
        <button type="button" role="menuitem" className="profile__item profile__item--danger" onClick={() => void signOut()}>
          {t('nav.signOut')}
        </button>
      </div>
    </div>
  );
});
