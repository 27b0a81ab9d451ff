import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cutTitle, readNotification, templateParts } from '../../shared/notificationView';
import { relativeTime } from '../../shared/relativeTime';
import { ColumnLink } from '../platform/ColumnLink';
import { MemberLink } from './MemberLink';
import { useStores } from '../stores/context';
import type { NotificationList } from '../stores/NotificationStore';
import { formatDay } from '../../shared/readerDates';

/**
 * One notification (docs/specification/shell.md §2): its sentence with the actor linked to `/@{username}`
 * when there is one and the article's title cut to 20 characters; nothing when the
 * actor or target is missing; 'Notification Data Error' for bad data.
 */
export const NotificationEntry = observer(function NotificationEntry({ raw, now }: { raw: unknown; now: number }) {
  const { env } = useStores();
  const view = readNotification(raw);
  if (view === 'skip') return null;
  if (view === 'error') return <li className="notification notification--error">{env.t('notify.dataError')}</li>;

  const { actor, article, renewal } = view;
  const slots: Record<string, ReactNode> = {
    // A renewal reminder (docs/decisions/051): the tier, the period's last day, and the way to /member.
    level: renewal ? <strong>{tierName(renewal.level, env.t)}</strong> : null,
    date: renewal ? <time dateTime={renewal.expires}>{formatDay(Date.parse(renewal.expires), env.timeZone)}</time> : null,
    renew: renewal ? <MemberLink className="notification__title">{env.t('notify.renew')}</MemberLink> : null,
    actor: actor.username ? (
      <ColumnLink username={actor.username} to={`/@${encodeURIComponent(actor.username)}`} className="notification__actor">
        {actor.name}
      </ColumnLink>
    ) : (
      <strong className="notification__actor">{actor.name}</strong>
    ),
    title: article ? (
      <Link to={`/article/${encodeURIComponent(article.slug)}/`} className="notification__title" title={article.title}>
        {cutTitle(article.title)}
      </Link>
    ) : null,
  };
  return (
    <li className={view.unread ? 'notification notification--new' : 'notification'} data-type={view.kind}>
      <p className="notification__text">
        {templateParts(env.t(`notify.${view.kind}`)).map((part, i) =>
          typeof part === 'string' ? <span key={i}>{part}</span> : <span key={i}>{slots[part.slot] ?? null}</span>,
        )}
      </p>
      {view.text ? <blockquote className="notification__quote">{view.text}</blockquote> : null}
      <p className="notification__meta">
        <time dateTime={new Date(view.created).toISOString()}>{relativeTime(view.created, now, env.textLocale, env.timeZone, env.t('time.justNow'))}</time>
        {view.unread ? <span className="notification__new">{env.t('notify.new')}</span> : null}
      </p>
    </li>
  );
});

function tierName(level: string, t: (key: 'menu.tier.premium' | 'menu.tier.vip' | 'menu.tier.enterprise') => string): string {
  if (level === 'premium' || level === 'vip' || level === 'enterprise') return t(`menu.tier.${level}`);
  return level;
}

/** A list's states: loading, 'No notifications', or its items. */
export const NotificationItems = observer(function NotificationItems({ list, className }: { list: NotificationList; className: string }) {
  const { env } = useStores();
  if (!list.loaded || list.loading) {
    return (
      <p className="bell__loading" role="status">
        {env.t('notify.loading')}
      </p>
    );
  }
  if (list.entries.length === 0) return <p className="bell__empty">{env.t('notify.empty')}</p>;
  const now = Date.now();
  return (
    <ul className={className}>
      {list.entries.map((entry) => (
        <NotificationEntry key={entry.id} raw={entry.raw} now={now} />
      ))}
    </ul>
  );
});
