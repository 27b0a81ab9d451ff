import { observer } from 'mobx-react-lite';
import { relativeTime } from '../../shared/relativeTime';
import { useStores } from '../stores/context';

/**
 * A moment (ISO 8601) as the time since the page was rendered ("3 days ago"), in the reader's language
 * and time zone: the server and the hydrating browser write the same.
 */
export const RelativeTime = observer(function RelativeTime({ at }: { at: string }) {
  const { env } = useStores();
  return <time dateTime={at}>{relativeTime(Date.parse(at), env.renderedAt, env.textLocale, env.timeZone, env.t('time.justNow'))}</time>;
});
