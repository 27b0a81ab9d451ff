import { useEffect, useRef, type RefObject } from 'react';

/**
 * The keys of an editor dialog while it is open (`open`, the dialog's state, is not null): focus goes
 * to `first`'s element whenever a new state opens, and Escape calls `dismiss` (the latest one given).
 */
export function useDialogKeys(open: object | null, first: RefObject<HTMLElement | null>, dismiss: () => void): void {
  const latest = useRef(dismiss);
  useEffect(() => {
    latest.current = dismiss;
  });
  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, first]);
}
