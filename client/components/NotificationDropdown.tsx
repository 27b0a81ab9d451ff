import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { NOTIFICATION_BELL_SIZE } from '../../shared/notifications';
import { useStores } from '../stores/context';
import { NotificationEntry, notificationKey } from './NotificationEntry';

/** The bell's 280 px dropdown; its code loads when the bell first opens. */
export default observer(function NotificationDropdown({ id }: { id: string }) {
  const { env, notifications } = useStores();
  const [list] = useState(() => notifications.createList());
  useEffect(() => {
    void list.open(1, NOTIFICATION_BELL_SIZE);
  }, [list]);
  const now = Date.now();
  return (
    <div className="bell__dropdown" id={id} role="region" aria-label={env.t('notify.bell')}>
      {!list.loaded || list.loading ? (
        <p className="bell__loading" role="status">
          {env.t('notify.loading')}
        </p>
      ) : list.items.length === 0 ? (
        <p className="bell__empty">{env.t('notify.empty')}</p>
      ) : (
        <ul className="notification-list">
          {list.items.map((raw, i) => (
            <NotificationEntry key={notificationKey(raw, i)} raw={raw} now={now} />
          ))}
        </ul>
      )}
      <Link to="/profile/notification/" className="bell__all">
        {env.t('notify.seeAll')}
      </Link>
    </div>
  );
});
