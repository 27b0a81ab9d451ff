import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import type { DialogStore } from './DialogStore';
import { useDialogKeys } from './useDialogKeys';

/** The current alert or confirm dialog, modal, focus on its primary button, Escape dismisses. */
export const DialogView = observer(function DialogView({ store }: { store: DialogStore }) {
  const dialog = store.current;
  const primary = useRef<HTMLButtonElement>(null);

  useDialogKeys(dialog, primary, () => {
    if (dialog) store.answer(dialog.id, dialog.dismissValue);
  });

  if (!dialog) return null;
  return (
    <div className="ze-dialog-backdrop" onClick={() => store.answer(dialog.id, dialog.dismissValue)}>
      <div
        className="ze-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={dialog.title ? `ze-dialog-title-${dialog.id}` : undefined}
        aria-describedby={`ze-dialog-text-${dialog.id}`}
        onClick={(event) => event.stopPropagation()}
      >
        {dialog.title && <h2 id={`ze-dialog-title-${dialog.id}`}>{dialog.title}</h2>}
        <p id={`ze-dialog-text-${dialog.id}`}>{dialog.text}</p>
        <div className="ze-dialog-buttons">
          {dialog.buttons.map((button) => (
            <button
              key={button.value}
              type="button"
              ref={button.primary ? primary : undefined}
              className={button.primary ? 'ze-button ze-button-primary' : 'ze-button'}
              onClick={() => store.answer(dialog.id, button.value)}
            >
              {button.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
});
