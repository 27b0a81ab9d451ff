import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { ArticlePickerDialog } from './ArticlePickerDialog';
import { BookletConfirm } from './BookletConfirm';
import { BookletDetailView } from './BookletDetailView';
import { BookletForm } from './BookletForm';
import { BookletList } from './BookletList';
import type { BookletManagerStore } from './BookletManagerStore';

/** The booklets tab of the editor's navigation panel: list or trash, forms, one booklet's tree. */
export const BookletManager = observer(function BookletManager({ store }: { store: BookletManagerStore }) {
  const { t } = store;
  useEffect(() => {
    if (!store.loaded) void store.fetchList();
  }, [store]);

  const trash = store.trashStatus === 'in_trash';
  const creating = store.editing?.type === 'booklet' && store.editing.id === null;
  return (
    <section className="zb-manager" aria-label={t('booklets')}>
      <div className="zb-bar">
        <div className="zb-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={!trash} className={trash ? 'zb-tab' : 'zb-tab zb-tab-on'} onClick={() => void store.showTrash(false)}>
            {t('myBooklets')}
          </button>
          <button type="button" role="tab" aria-selected={trash} className={trash ? 'zb-tab zb-tab-on' : 'zb-tab'} onClick={() => void store.showTrash(true)}>
            {t('trash')}
          </button>
        </div>
        {!trash && !creating && (
          <button type="button" className="zb-button zb-button-primary" onClick={() => store.startEditing({ type: 'booklet', id: null })}>
            {t('newBooklet')}
          </button>
        )}
      </div>
      {creating ? (
        <BookletForm store={store} booklet={null} />
      ) : store.selectedBookletId !== null ? (
        <BookletDetailView store={store} />
      ) : (
        <BookletList store={store} />
      )}
      <ArticlePickerDialog store={store} />
      <BookletConfirm store={store} />
    </section>
  );
});
