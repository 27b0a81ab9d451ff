import type { MessageKey } from '../i18n/en';
import { useStores } from '../stores/context';

/** A section inside a screen (a column tab, a booklet chapter): its heading and lead line. */
export function ScreenSection({ titleKey, introKey }: { titleKey: MessageKey; introKey: MessageKey }) {
  const { env } = useStores();
  return (
    <section className="screen__section">
      <h2>{env.t(titleKey)}</h2>
      <p>{env.t(introKey)}</p>
    </section>
  );
}
