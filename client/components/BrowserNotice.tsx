import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../stores/context';

/** Where a dismissal is remembered (browser storage, this browser only). */
export const BROWSER_NOTICE_KEY = 'zine.browserNoticeDismissed';

/**
 * The invalid-browser notice (docs/specification/content-and-commerce.md §2; the list in shared/browserSupport.ts).
 * Rendered on the server from the user agent, so hydration matches; a dismissal is
 * read from storage after hydration and hides it from then on.
 */
export const BrowserNotice = observer(function BrowserNotice() {
  const { env } = useStores();
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (readDismissed()) setDismissed(true);
  }, []);

  if (!env.clientType.unsupportedBrowser || dismissed) return null;
  return (
    <div className="browser-notice" role="status">
      <p className="browser-notice__text">{env.t('browserNotice.text')}</p>
      <button
        type="button"
        className="browser-notice__close"
        aria-label={env.t('browserNotice.close')}
        onClick={() => {
          setDismissed(true);
          writeDismissed();
        }}
      >
        ×
      </button>
    </div>
  );
});

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(BROWSER_NOTICE_KEY) === '1';
  } catch {
    return false;
  }
}

function writeDismissed(): void {
  try {
    window.localStorage.setItem(BROWSER_NOTICE_KEY, '1');
  } catch {
    // Storage refused (private mode): the notice stays dismissed for this page only.
  }
}
