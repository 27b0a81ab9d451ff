import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../stores/context';
import { SignInForm } from './SignInForm';

/** The sign-in overlay (seed 000 §2, §4): loaded on first open, mail and reset modes, a close button. */
export default observer(function SignInOverlay() {
  const stores = useStores();
  const { signIn, env } = stores;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && signIn.closable) signIn.hide();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [signIn]);

  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label={env.t('signIn.overlayTitle')}>
      <div className="overlay__panel">
        {signIn.closable ? (
          <button type="button" className="overlay__close" aria-label={env.t('signIn.close')} onClick={() => signIn.hide()}>
            ×
          </button>
        ) : null}
        <h2 className="overlay__title">{env.t('signIn.overlayTitle')}</h2>
        <SignInForm onSignedIn={() => void stores.afterSignIn()} />
      </div>
    </div>
  );
});
