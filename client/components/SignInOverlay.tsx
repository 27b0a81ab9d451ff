import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { sitePath } from '../../shared/sitePath';
import { WECHAT_QR_FRAME, wechatSignInPath } from '../../shared/wechatSignIn';
import { useStores } from '../stores/context';
import { SignInForm } from './SignInForm';

/**
 * The sign-in overlay (docs/specification/shell.md §2, §4), loaded on first open: tabs for mail and the chat-app QR
 * code (desktop), the reset mode, a close button, and on mobile widths a chat-app sign-in button.
 */
export default observer(function SignInOverlay() {
  const stores = useStores();
  const { signIn, env } = stores;
  const { t } = env;
  const location = useLocation();
  const here = sitePath(location.pathname) + location.search;
  const redirect = signIn.wechatRedirect(here);

  useEffect(() => {
    if (redirect) window.location.assign(redirect);
  }, [redirect]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && signIn.closable) signIn.hide();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [signIn]);

  // Inside the chat app the page is on its way to chat-app sign-in.
  if (redirect) return null;

  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label={t('signIn.overlayTitle')}>
      <div className="overlay__panel sign-in-overlay">
        {signIn.closable ? (
          <button type="button" className="overlay__close" aria-label={t('signIn.close')} onClick={() => signIn.hide()}>
            ×
          </button>
        ) : null}
        <h2 className="overlay__title">{t('signIn.overlayTitle')}</h2>
        {signIn.mode === 'reset' ? null : (
          <div className="sign-in-overlay__tabs" role="tablist">
            <button type="button" role="tab" aria-selected={signIn.mode === 'mail'} onClick={() => signIn.setMode('mail')}>
              {t('signIn.tabMail')}
            </button>
            <button
              type="button"
              role="tab"
              className="sign-in-overlay__wechat-tab"
              aria-selected={signIn.mode === 'wechat'}
              onClick={() => signIn.setMode('wechat')}
            >
              {t('signIn.tabWechat')}
            </button>
          </div>
        )}
        {signIn.mode === 'wechat' ? (
          <iframe
            className="sign-in-overlay__qr"
            title={t('signIn.wechatFrame')}
            src={wechatSignInPath('wechatweb', here)}
            width={WECHAT_QR_FRAME.width}
            height={WECHAT_QR_FRAME.height}
          />
        ) : (
          <SignInForm onSignedIn={() => void stores.afterSignIn()} />
        )}
        <a className="button sign-in-overlay__wechat-button" href={wechatSignInPath('weixin', here)}>
          {t('signIn.wechatButton')}
        </a>
      </div>
    </div>
  );
});
