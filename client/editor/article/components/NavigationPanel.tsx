import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { BookletManager } from '../../booklets/BookletManager';
import { useEditorRoot } from '../../EditorContext';
import { ArticleListView } from './ArticleListView';

type Tab = 'articles' | 'booklets';

/** The navigation panel: tabs Articles | Booklets. */
export const NavigationPanel = observer(function NavigationPanel({ onOpen }: { onOpen: (id: number) => void }) {
  const root = useEditorRoot();
  const [tab, setTab] = useState<Tab>('articles');
  if (!root.look.navigationOpen || root.look.immersive) return null;
  return (
    <>
      <div className="ze-nav-backdrop" aria-hidden="true" onClick={() => root.look.setNavigationOpen(false)} />
      <nav className="ze-navigation" aria-label={root.t('navigation')}>
        <div className="ze-tabs" role="tablist">
          {(['articles', 'booklets'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className={tab === name ? 'ze-tab ze-tab-active' : 'ze-tab'}
              onClick={() => setTab(name)}
            >
              {root.t(name === 'articles' ? 'tabArticles' : 'tabBooklets')}
            </button>
          ))}
        </div>
        <div role="tabpanel">{tab === 'articles' ? <ArticleListView onOpen={onOpen} /> : <BookletManager store={root.booklets} />}</div>
      </nav>
    </>
  );
});
