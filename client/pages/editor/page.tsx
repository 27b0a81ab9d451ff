import { useEffect, useState, type ComponentType } from 'react';
import { useStores } from '../../stores/context';
import { editorTexts } from '../../editor/texts';
import { ensureEditorStylesheet } from './editorStylesheet';

type EditorScreenModule = { default: ComponentType };

/** The editor's code, Tiptap included: its own chunk, fetched only once this page has hydrated. */
export const loadEditorScreen = (): Promise<EditorScreenModule> => import('../../editor/article/components/EditorScreen');

/**
 * /editor (signed in: the route's guard). The server and the hydrating browser render the
 * same still skeleton; the editor mounts after hydration. If its code cannot load, the
 * author is told (docs/specification/content-and-commerce.md §8: 'ZineEditor Module not found').
 */
export default function EditorPage() {
  const stores = useStores();
  const [Screen, setScreen] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  const t = editorTexts(stores.env.textLocale);

  const { editorStylesheet, textLocale } = stores.env;
  useEffect(() => {
    let live = true;
    ensureEditorStylesheet(editorStylesheet);
    loadEditorScreen().then(
      (module) => {
        if (live) setScreen(() => module.default);
      },
      () => {
        if (!live) return;
        setFailed(true);
        window.alert(editorTexts(textLocale)('moduleNotFound'));
      },
    );
    return () => {
      live = false;
    };
  }, [editorStylesheet, textLocale]);

  if (Screen) return <Screen />;
  return (
    <div className="ze-root ze-skeleton" aria-busy={!failed}>
      <div className="ze-topbar" />
      <div className="ze-body">
        <div className="ze-document-wrap">
          <p className="ze-skeleton-text" role="status">
            {failed ? t('moduleNotFound') : t('loading')}
          </p>
        </div>
      </div>
    </div>
  );
}
