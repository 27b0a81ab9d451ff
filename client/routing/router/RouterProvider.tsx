import { useSyncExternalStore, type ReactNode } from 'react';
import type { BrowserRouter } from './browserRouter';
import { RouterView } from './RouterView';

/** The browser's page: re-rendered with each state of the router. */
export function RouterProvider({ router }: { router: BrowserRouter }): ReactNode {
  const state = useSyncExternalStore(
    (listener) => router.subscribe(listener),
    () => router.state,
    () => router.state,
  );
  return <RouterView state={state} navigator={router} />;
}
