import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import type { BookletManagerStore } from './BookletManagerStore';

/** The owner's booklets (or the trash), loading the next page when its end comes into view. */
export const BookletList = observer(function BookletList({ store }: { store: BookletManagerStore }) {
  const { t } = store;
  const end = useRef<HTMLDivElement>(null);
  const trash = store.trashStatus === 'in_trash';

  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void store.fetchList();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
    // Observed afresh after each page: an end still in view then asks for the next one.
  }, [store, store.ids.length]);

  const booklets = store.booklets;
  return (
    <div className="zb-list">
      {store.loaded && booklets.length === 0 && <p className="zb-empty">{trash ? t('emptyTrash') : t('noBooklets')}</p>}
      <ul className="zb-cards">
        {booklets.map((booklet) => (
          <li key={booklet.id} className="zb-card" data-booklet-id={booklet.id}>
            {trash ? (
              <div className="zb-card-main">
                <BookletCover url={booklet.cover} />
                <span className="zb-card-text">
                  <span className="zb-card-name">{booklet.name}</span>
                  <span className="zb-card-meta">{t('chapters', { count: booklet.chapter_count })}</span>
                </span>
              </div>
            ) : (
              <button type="button" className="zb-card-main" onClick={() => void store.select(booklet.id)}>
                <BookletCover url={booklet.cover} />
                <span className="zb-card-text">
                  <span className="zb-card-name">{booklet.name}</span>
                  {booklet.heading && <span className="zb-card-heading">{booklet.heading}</span>}
                  <span className="zb-card-meta">{t('chapters', { count: booklet.chapter_count })}</span>
                </span>
              </button>
            )}
            {trash && (
              <div className="zb-card-actions">
                <button type="button" className="zb-button" disabled={store.busy} onClick={() => void store.restoreBooklet(booklet.id)}>
                  {t('restore')}
                </button>
                <button type="button" className="zb-button zb-button-danger" disabled={store.busy} onClick={() => void store.deleteBooklet(booklet.id)}>
                  {t('deleteForGood')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <div ref={end} className="zb-list-end">
        {store.fetching ? (
          <span className="zb-muted">{t('loading')}</span>
        ) : (
          !store.finished &&
          store.loaded && (
            <button type="button" className="zb-button" onClick={() => void store.fetchList()}>
              {t('loadMore')}
            </button>
          )
        )}
      </div>
    </div>
  );
});

/** A booklet's cover, or a plain block of the same size. */
export function BookletCover({ url }: { url: string }) {
  return url ? (
    <img className="zb-cover" src={url} alt="" width={48} height={64} loading="lazy" />
  ) : (
    <span className="zb-cover zb-cover-none" aria-hidden="true" />
  );
}
