import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { useStores } from '../stores/context';
import { useHydrated } from './useHydrated';

// Loaded for signed-in readers once hydrated: reader pages stay small, and shared pages render the same for everyone.
const NewsletterOptInButton = lazy(() => import('./newsletter/NewsletterOptInButton'));

export interface NewsletterButtonProps {
  author: string;
  following: boolean;
  /** Follows the author (the newsletter mails followers only). */
  follow: () => Promise<void>;
  className?: string;
}

/** "Get new articles by e-mail" on an author's column and by an article's byline, for a signed-in reader (docs/decisions/072). */
export const NewsletterButton = observer(function NewsletterButton(props: NewsletterButtonProps) {
  const { account } = useStores();
  const hydrated = useHydrated();
  if (!hydrated || !account.signedIn || account.username === props.author) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterOptInButton {...props} />
    </Suspense>
  );
});
