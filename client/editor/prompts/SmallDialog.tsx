import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';

/** The layout inline: a prompt must cover the editor whatever the page's stylesheet holds. */
const BACKDROP_STYLE: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 16,
  background: 'rgb(0 0 0 / 35%)',
};
const DIALOG_STYLE: CSSProperties = {
  width: 'min(420px, 100%)',
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
  padding: '20px 20px 16px',
  background: '#fff',
  color: '#1f2328',
  borderRadius: 12,
  boxShadow: '0 16px 48px rgb(0 0 0 / 22%)',
  outline: 'none',
};

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
    <div className="prompt-backdrop" style={BACKDROP_STYLE} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={box}
        className={`prompt-dialog ${props.className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={DIALOG_STYLE}
      >
        <h2 id={titleId} className="prompt-title" style={{ fontSize: 18, margin: '0 0 8px' }}>
          {props.title}
        </h2>
        {props.children}
      </div>
    </div>
  );
}
