import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect } from 'react';
import { useStores } from '../stores/context';
import { useDropdown } from './useDropdown';

// The dropdown's code loads on first open, so reader pages stay small.
const NotificationDropdown = lazy(() => import('./NotificationDropdown'));
const DROPDOWN_ID = 'notification-dropdown';

/** The header's bell (signed in only): the red unread badge and the dropdown list. */
export const NotificationBell = observer(function NotificationBell() {
  const { env, account, notifications } = useStores();
  const { open, setOpen, root } = useDropdown<HTMLDivElement>();
  const signedIn = account.signedIn;

  useEffect(() => {
    if (!signedIn) return undefined;
    void notifications.loadCount();
    // Live count and items while signed in (decision 046); closed on sign-out.
    return notifications.live();
  }, [signedIn, notifications]);

  if (!signedIn) return null;
  const count = notifications.unreadCount;
  const label = count > 0 ? `${env.t('notify.bell')} (${env.t('notify.unread', { count })})` : env.t('notify.bell');
  return (
    <div className="bell" ref={root}>
      <button
        type="button"
        className="bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? DROPDOWN_ID : undefined}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {count > 0 ? <span className="bell__badge">{count > 99 ? '99+' : count}</span> : null}
      </button>
      {open ? (
        <Suspense
          fallback={
            <div className="bell__dropdown">
              <p className="bell__loading" role="status">
                {env.t('notify.loading')}
              </p>
            </div>
          }
        >
          <NotificationDropdown id={DROPDOWN_ID} />
        </Suspense>
      ) : null}
    </div>
  );
});
