import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { NOTIFICATION_BELL_SIZE } from '../../shared/notifications';
import { useStores } from '../stores/context';
import { NotificationItems } from './NotificationEntry';

/** The bell's 280 px dropdown; its code loads when the bell first opens. */
export default observer(function NotificationDropdown({ id }: { id: string }) {
  const { env, notifications } = useStores();
  const [list] = useState(() => notifications.createList());
  useEffect(() => {
    void list.open(1, NOTIFICATION_BELL_SIZE);
  }, [list]);
  return (
    <div className="bell__dropdown" id={id} role="region" aria-label={env.t('notify.bell')}>
      <NotificationItems list={list} className="notification-list" />
      <Link to="/profile/notification/" className="bell__all">
        {env.t('notify.seeAll')}
      </Link>
    </div>
  );
});
