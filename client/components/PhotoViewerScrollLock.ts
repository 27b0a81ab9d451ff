import { useEffect, type RefObject } from 'react';

/**
 * While the viewer is open the page under it does not scroll; on close the page is
 * where it was and focus goes back to what had it (the image that opened the viewer).
 */
export function usePageScrollLock(focusOnOpen: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = document.documentElement;
    const scrollY = window.scrollY;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    root.classList.add('scroll-locked');
    focusOnOpen.current?.focus({ preventScroll: true });
    return () => {
      root.classList.remove('scroll-locked');
      window.scrollTo(window.scrollX, scrollY);
      opener?.focus({ preventScroll: true });
    };
  }, [focusOnOpen]);
}
