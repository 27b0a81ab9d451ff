import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { BOOKLET_DESCRIPTION_MAX, BOOKLET_HEADING_MAX, BOOKLET_NAME_MAX, type ManagedBooklet } from '../../../shared/bookletManagement';
import type { BookletManagerStore } from './BookletManagerStore';

/** The create (booklet null) or edit form: name, heading, description and a cover file. */
export const BookletForm = observer(function BookletForm({ store, booklet }: { store: BookletManagerStore; booklet: ManagedBooklet | null }) {
  const { t } = store;
  const id = useId();
  const [name, setName] = useState(booklet?.name ?? '');
  const [heading, setHeading] = useState(booklet?.heading ?? '');
  const [description, setDescription] = useState(booklet?.description ?? '');
  const [price, setPrice] = useState(booklet?.price ?? '0.00');
  const [cover, setCover] = useState<File | null>(null);
  const [preview, setPreview] = useState<string>(booklet?.cover ?? '');

  useEffect(() => {
    if (!cover) return;
    const url = URL.createObjectURL(cover);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [cover]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = { name, heading, description, price, cover };
    void (booklet ? store.updateBooklet(booklet.id, draft) : store.createBooklet(draft));
  };

  return (
    <form className="zb-form" onSubmit={submit}>
      <label htmlFor={`${id}-name`}>{t('name')}</label>
      <input id={`${id}-name`} name="name" value={name} maxLength={BOOKLET_NAME_MAX} required onChange={(event) => setName(event.target.value)} />
      <label htmlFor={`${id}-heading`}>{t('heading')}</label>
      <input id={`${id}-heading`} name="heading" value={heading} maxLength={BOOKLET_HEADING_MAX} onChange={(event) => setHeading(event.target.value)} />
      <label htmlFor={`${id}-description`}>{t('description')}</label>
      <textarea
        id={`${id}-description`}
        name="description"
        rows={4}
        value={description}
        maxLength={BOOKLET_DESCRIPTION_MAX}
        onChange={(event) => setDescription(event.target.value)}
      />
      <label htmlFor={`${id}-price`}>{t('price')}</label>
      <input
        id={`${id}-price`}
        name="price"
        inputMode="decimal"
        value={price}
        aria-describedby={`${id}-price-hint`}
        onChange={(event) => setPrice(event.target.value)}
      />
      <span id={`${id}-price-hint`} className="zb-muted">
        {t('priceHint')}
      </span>
      <span className="zb-label">{t('cover')}</span>
      <div className="zb-cover-field">
        {preview ? (
          <img className="zb-cover zb-cover-large" src={preview} alt="" width={96} height={128} />
        ) : (
          <span className="zb-cover zb-cover-large zb-cover-none" aria-hidden="true" />
        )}
        <label className="zb-button zb-file">
          {t('chooseCover')}
          <input type="file" name="cover" accept="image/jpeg,image/png,image/gif,image/webp" onChange={(event) => setCover(event.target.files?.[0] ?? null)} />
        </label>
        <span className="zb-muted">{t('coverHint')}</span>
      </div>
      <div className="zb-form-buttons">
        <button type="button" className="zb-button" onClick={() => store.stopEditing()}>
          {t('cancel')}
        </button>
        <button type="submit" className="zb-button zb-button-primary" disabled={store.busy}>
          {booklet ? t('save') : t('create')}
        </button>
      </div>
    </form>
  );
});
