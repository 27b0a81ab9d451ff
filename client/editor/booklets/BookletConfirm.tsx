import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogKeys } from '../dialogs/useDialogKeys';
import type { BookletManagerStore } from './BookletManagerStore';

/** The manager's confirmation (delete a booklet, remove an item): Escape or a click outside says no. */
export const BookletConfirm = observer(function BookletConfirm({ store }: { store: BookletManagerStore }) {
  const confirmation = store.confirmation;
  const cancel = useRef<HTMLButtonElement>(null);

  useDialogKeys(confirmation, cancel, () => confirmation?.answer(false));

  if (!confirmation) return null;
  // On the page's body: the navigation panel's stacking context would put it under the document.
  return createPortal(
    <div className="zb-dialog-backdrop" onClick={() => confirmation.answer(false)}>
      <div className="zb-dialog" role="alertdialog" aria-modal="true" aria-describedby="zb-confirm-text" onClick={(event) => event.stopPropagation()}>
        <p id="zb-confirm-text">{confirmation.text}</p>
        <div className="zb-form-buttons">
          <button ref={cancel} type="button" className="zb-button" onClick={() => confirmation.answer(false)}>
            {store.t('cancel')}
          </button>
          <button type="button" className="zb-button zb-button-danger" onClick={() => confirmation.answer(true)}>
            {confirmation.ok}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
});
