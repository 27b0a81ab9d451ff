import { useEffect, useId, useRef, type ReactNode } from 'react';

/** A small modal dialog of the editor's prompts: a title, a body, actions; Escape and the backdrop close it. */
export function SmallDialog(props: { title: string; onClose: () => void; className?: string; children: ReactNode }) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const { onClose } = props;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus({ preventScroll: true });
    };
  }, [onClose]);

  return (
    <div className="prompt-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={box} className={`prompt-dialog ${props.className ?? ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className="prompt-title">
          {props.title}
        </h2>
        {props.children}
      </div>
    </div>
  );
}
