import { observer } from 'mobx-react-lite';
import { AddItemButtons } from './AddItemButtons';
import { BookletForm } from './BookletForm';
import { BookletCover } from './BookletList';
import type { BookletManagerStore } from './BookletManagerStore';
import { BookletTree } from './BookletTree';
import { NewDirectoryInput } from './NewDirectoryInput';

/** One booklet: its header and actions, then its tree of directories and chapters. */
export const BookletDetailView = observer(function BookletDetailView({ store }: { store: BookletManagerStore }) {
  const { t } = store;
  const booklet = store.detail;
  const editing = store.editing;
  return (
    <div className="zb-detail">
      <button type="button" className="zb-link-button" onClick={() => store.back()}>
        ← {t('back')}
      </button>
      {!booklet ? (
        <p className="zb-muted">{t('loading')}</p>
      ) : editing?.type === 'booklet' && editing.id === booklet.id ? (
        <BookletForm key={booklet.id} store={store} booklet={booklet} />
      ) : (
        <>
          <header className="zb-detail-head">
            <BookletCover url={booklet.cover} />
            <div className="zb-detail-text">
              <h2 className="zb-detail-name">{booklet.name}</h2>
              {booklet.heading && <p className="zb-detail-heading">{booklet.heading}</p>}
              <p className="zb-muted">{t('chapters', { count: booklet.chapter_count })}</p>
            </div>
          </header>
          <div className="zb-actions">
            <button type="button" className="zb-button" onClick={() => store.startEditing({ type: 'booklet', id: booklet.id })}>
              {t('edit')}
            </button>
            <a className="zb-button" href={store.readLink(booklet)} target="_blank" rel="noopener">
              {t('read')}
            </a>
            <button type="button" className="zb-button zb-button-danger" disabled={store.busy} onClick={() => void store.deleteBooklet(booklet.id)}>
              {t('delete')}
            </button>
          </div>
          <div className="zb-actions">
            <AddItemButtons store={store} parentId={null} />
          </div>
          {editing?.type === 'newDirectory' && editing.id === null && <NewDirectoryInput store={store} parentId={null} />}
          {booklet.detail && booklet.detail.length === 0 ? <p className="zb-empty">{t('emptyTree')}</p> : <p className="zb-muted zb-hint">{t('dragHint')}</p>}
          <BookletTree store={store} />
        </>
      )}
    </div>
  );
});
