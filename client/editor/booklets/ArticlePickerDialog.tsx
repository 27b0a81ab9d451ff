import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogKeys } from '../dialogs/useDialogKeys';
import type { BookletManagerStore } from './BookletManagerStore';
import { findItem } from './treeMoves';

/** The add-existing-article dialog: the author's articles, each added once, into the chosen directory. */
export const ArticlePickerDialog = observer(function ArticlePickerDialog({ store }: { store: BookletManagerStore }) {
  const { t } = store;
  const picker = store.picker;
  const close = useRef<HTMLButtonElement>(null);

  useDialogKeys(picker, close, () => store.closePicker());

  if (!picker) return null;
  const target = picker.parentId === null ? (store.detail?.name ?? '') : (findItem(store.tree, picker.parentId)?.detail.title ?? '');
  // On the page's body: the navigation panel's stacking context would put it under the document.
  return createPortal(
    <div className="zb-dialog-backdrop" onClick={() => store.closePicker()}>
      <div className="zb-dialog" role="dialog" aria-modal="true" aria-labelledby="zb-picker-title" onClick={(event) => event.stopPropagation()}>
        <h2 id="zb-picker-title">{t('pickArticle', { target })}</h2>
        <p className="zb-muted">{t('pickArticleHint')}</p>
        {store.pickerLoaded && store.pickerArticles.length === 0 && <p className="zb-empty">{t('noArticles')}</p>}
        <ul className="zb-picker-list">
          {store.pickerArticles.map((article) => {
            const added = store.hasArticle(article.id);
            return (
              <li key={article.id} className="zb-picker-item">
                <span className="zb-picker-title">{article.title || article.slug}</span>
                <button type="button" className="zb-button" disabled={added || store.busy} onClick={() => void store.addArticle(article.id)}>
                  {added ? t('added') : t('add')}
                </button>
              </li>
            );
          })}
        </ul>
        <div className="zb-form-buttons">
          {store.pickerNext !== null && (
            <button type="button" className="zb-button" disabled={store.pickerLoading} onClick={() => void store.loadPickerArticles()}>
              {store.pickerLoading ? t('loading') : t('loadMore')}
            </button>
          )}
          <button ref={close} type="button" className="zb-button zb-button-primary" onClick={() => store.closePicker()}>
            {t('close')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
});
