import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDismiss } from './useDismiss';

/** A header dropdown's open state: it closes on navigation, a pointer outside it, and Escape. */
export function useDropdown<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const root = useRef<T>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useDismiss(open, root, () => setOpen(false));

  return { open, setOpen, root };
}
