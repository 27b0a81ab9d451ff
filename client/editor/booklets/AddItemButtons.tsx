import type { BookletManagerStore } from './BookletManagerStore';

/** "+ Directory" and "+ Article": new items at the booklet's top (`parentId` null) or inside a directory. */
export function AddItemButtons({ store, parentId }: { store: BookletManagerStore; parentId: number | null }) {
  const { t } = store;
  return (
    <>
      <button type="button" className="zb-button" onClick={() => store.startEditing({ type: 'newDirectory', id: parentId })}>
        + {t('addDirectory')}
      </button>
      <button type="button" className="zb-button" onClick={() => void store.openPicker(parentId)}>
        + {t('addArticle')}
      </button>
    </>
  );
}
