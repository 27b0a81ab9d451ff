import { observer } from 'mobx-react-lite';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useMatches } from 'react-router-dom';
import type { TextLocale } from '../../../shared/locale';
import { isRouteHandle } from '../../routing/pageRoute';
import { useStores } from '../../stores/context';
import { StaticTextView } from './StaticTextView';
import { isStaticPageId, STATIC_TEXTS, type StaticPageId } from './texts';

type TextComponent = ComponentType<{ site: string; updatedLabel: (date: string) => string }>;
const components = new Map<string, LazyExoticComponent<TextComponent>>();

/**
 * The text of one page in one language, as a lazy component: its module loads on that page
 * only, the server renders it complete, and hydration keeps the server's HTML until the
 * module has arrived (docs/decisions/016).
 */
function textComponent(id: StaticPageId, locale: TextLocale): LazyExoticComponent<TextComponent> {
  const key = `${id}:${locale}`;
  let component = components.get(key);
  if (!component) {
    component = lazy(async () => {
      const { default: text } = await STATIC_TEXTS[id][locale]();
      const Text: TextComponent = ({ site, updatedLabel }) => <StaticTextView text={text} site={site} updatedLabel={updatedLabel(text.updated)} />;
      return { default: Text };
    });
    components.set(key, component);
  }
  return component;
}

/** The six static pages and the user guide; the route's id says which. */
export default observer(function StaticPage() {
  const { env } = useStores();
  const match = useMatches()
    .filter((m) => isRouteHandle(m.handle))
    .pop();
  const handle = match && isRouteHandle(match.handle) ? match.handle : null;
  const id = match?.id ?? '';
  const Text = isStaticPageId(id) ? textComponent(id, env.textLocale) : null;
  return (
    <main className="screen static-page">
      <h1 className="screen__title">{env.t(handle?.titleKey ?? 'screen.static.title')}</h1>
      {Text ? (
        <Suspense fallback={<p className="static-page__loading">{env.t('static.loading')}</p>}>
          <Text site={env.siteName} updatedLabel={(date) => env.t('static.updated', { date })} />
        </Suspense>
      ) : null}
    </main>
  );
});
