import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BOOKLET_DIRECTORY_TITLE_MAX } from '../../../shared/bookletManagement';

/** A one-line title form (a new directory, a rename): Enter saves, Escape cancels. */
export function TitleInput(props: {
  label: string;
  initial: string;
  saveLabel: string;
  cancelLabel: string;
  busy: boolean;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(props.initial);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() !== '') props.onSave(title);
  };
  return (
    <form className="zb-title-form" onSubmit={submit}>
      <input
        ref={input}
        aria-label={props.label}
        value={title}
        maxLength={BOOKLET_DIRECTORY_TITLE_MAX}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') props.onCancel();
        }}
      />
      <button type="submit" className="zb-button zb-button-primary" disabled={props.busy || title.trim() === ''}>
        {props.saveLabel}
      </button>
      <button type="button" className="zb-button" onClick={props.onCancel}>
        {props.cancelLabel}
      </button>
    </form>
  );
}
