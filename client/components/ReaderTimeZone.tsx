import { useEffect } from 'react';
import { useStores } from '../stores/context';

/**
 * Once the page has hydrated, dates move from the zone the server rendered them in to the reader's
 * own (shared/readerDates.ts): after hydration, so both sides rendered the same first.
 */
export function ReaderTimeZone(): null {
  const { env } = useStores();
  useEffect(() => {
    env.useReaderTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, [env]);
  return null;
}
