import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { pageTranslator } from '../../i18n/pageTexts';
import { useStores } from '../../stores/context';
import type { NewsletterButtonProps } from '../NewsletterButton';
import { NewsletterOptIn } from './NewsletterOptIn';
import { NEWSLETTER_BUTTON_TEXTS } from './texts';

/** The button itself, loaded once a signed-in reader's page has hydrated (client/components/NewsletterButton.tsx). */
export default observer(function NewsletterOptInButton(props: NewsletterButtonProps) {
  const stores = useStores();
  const { env } = stores;
  const t = pageTranslator(NEWSLETTER_BUTTON_TEXTS, env.textLocale, env.siteName);
  // The click reads the follow state of the latest render, not the first one's.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const [optIn] = useState(() => new NewsletterOptIn(stores.api, props.author, () => (latest.current.following ? Promise.resolve() : latest.current.follow())));
  useEffect(() => void optIn.load(), [optIn]);
  if (optIn.state === null) return null;
  return (
    <>
      <button
        type="button"
        className={`button button--small newsletter-button ${props.className ?? ''}`}
        aria-pressed={optIn.state === 'active'}
        disabled={optIn.busy}
        onClick={() => void optIn.toggle()}
      >
        {t(optIn.state === 'none' ? 'optIn' : optIn.state)}
      </button>
      {optIn.failed ? (
        <span className="newsletter-button__error" role="alert">
          {t('failed')}
        </span>
      ) : null}
    </>
  );
});
