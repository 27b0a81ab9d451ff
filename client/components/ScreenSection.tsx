import type { ReactNode } from 'react';
import type { MessageKey } from '../i18n/en';
import { useStores } from '../stores/context';

/** A section inside a screen (a column tab, a booklet chapter): its heading, lead line and body. */
export function ScreenSection({ titleKey, introKey, children }: { titleKey: MessageKey; introKey: MessageKey; children?: ReactNode }) {
  const { env } = useStores();
  return (
    <section className="screen__section">
      <h2>{env.t(titleKey)}</h2>
      <p>{env.t(introKey)}</p>
      {children}
    </section>
  );
}
