import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { useStores } from '../stores/context';

// Overlays load their code on first open, so reader pages stay small.
const SignInOverlay = lazy(() => import('./SignInOverlay'));
const PhotoViewer = lazy(() => import('./PhotoViewer'));
const FeedbackPopup = lazy(() => import('./FeedbackPopup'));
const PaymentPanel = lazy(() => import('../payments/PaymentPanel'));

/** The global overlays of docs/specification/shell.md §2 that load on first open; every screen has them through SiteFrame.tsx. */
export const Overlays = observer(function Overlays() {
  const { signIn, photos, feedback, payment } = useStores();
  return (
    <>
      <Suspense fallback={null}>{signIn.show ? <SignInOverlay /> : null}</Suspense>
      <Suspense fallback={null}>{photos.isOpen ? <PhotoViewer /> : null}</Suspense>
      <Suspense fallback={null}>{feedback.show ? <FeedbackPopup /> : null}</Suspense>
      <Suspense fallback={null}>{payment.request ? <PaymentPanel /> : null}</Suspense>
    </>
  );
});
