import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { NOTIFICATION_PAGE_SIZE } from '../../../shared/notifications';
import { NotificationItems } from '../../components/NotificationEntry';
import { ScreenFrame } from '../../components/ScreenFrame';
import { useStores } from '../../stores/context';

const MAX_PAGE = 100_000;

/** `/profile/notification`: every notification, newest first, a page at a time (`?page=`). */
export default observer(function ProfileNotificationPage() {
  const { env, notifications } = useStores();
  const [list] = useState(() => notifications.createList());
  const [search] = useSearchParams();
  const page = pageNumber(search.get('page'));
  useEffect(() => {
    void list.open(page, NOTIFICATION_PAGE_SIZE);
  }, [list, page]);

  const pages = list.pages;
  return (
    <ScreenFrame titleKey="screen.profile-notification.title" introKey="screen.profile-notification.intro">
      <section className="notification-page">
        <NotificationItems list={list} className="notification-list notification-list--page" />
        {list.loaded && pages > 1 ? (
          <nav className="notification-pager" aria-label={env.t('notify.page.label')}>
            {page > 1 ? (
              <Link to={`?page=${page - 1}`} className="button button--small" rel="prev">
                {env.t('notify.page.previous')}
              </Link>
            ) : null}
            <span className="notification-pager__at">{env.t('notify.page.of', { page, pages })}</span>
            {page < pages ? (
              <Link to={`?page=${page + 1}`} className="button button--small" rel="next">
                {env.t('notify.page.next')}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </ScreenFrame>
  );
});

function pageNumber(raw: string | null): number {
  const page = Number(raw ?? '1');
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}
