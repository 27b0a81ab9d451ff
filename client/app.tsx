import { configure } from 'mobx';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { textLocale } from '../shared/locale';
import { browserTransport, rememberBearerToken } from './api/browserTransport';
import { loadCatalogue } from './i18n/loadCatalogue';
import { Tracker } from './tracking/tracker';
import { readJsonScript } from './readJsonScript';
import { withBodiesFromPage } from './bodiesFromPage';
import { createRoutes } from './routes';
import { hydrationDataOf } from './routing/hydrationData';
import { isChunkLoadError, reloadOnceForChunkError } from './routing/loadChunk';
import { READER_PAGES } from './routing/readerPages';
import { resolveLazyMatches } from './routing/resolveLazyMatches';
import { installLinkPrefetch } from './routing/prefetchLinks';
import { trackNavigationProgress } from './routing/trackNavigationProgress';
import { StoresProvider } from './stores/context';
import { RootStore, type RootSnapshot } from './stores/RootStore';
import { isRouteHandle } from './routing/pageRoute';

/** Starts the site in the browser: the stores from the page, the router, then hydration (client/entry.tsx calls it). */
export async function start(): Promise<void> {
  configure({ enforceActions: 'observed' });
  const snapshot = withBodiesFromPage(readJsonScript('__STATE__') as RootSnapshot);
  const catalogue = await loadCatalogue(textLocale(snapshot.env.locale));
  rememberBearerToken(window.location.search);
  const tracker = new Tracker(snapshot.env.logEndpoint, () => stores.account.id);
  const stores: RootStore = new RootStore(
    snapshot,
    catalogue,
    browserTransport(() => stores.account.id),
    {
      onApiFailure: (error, request) =>
        tracker.track({ cate: 'api', event: 'request_failed', status: error.status, method: request.method, msg: `${request.path} ${error.message}` }),
      track: (event) => tracker.track(event),
    },
  );
  const routes = createRoutes(() => stores, { loaded: READER_PAGES });

  try {
    await resolveLazyMatches(routes, window.location.pathname);
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnceForChunkError()) return;
    throw error;
  }
  // What the server rendered travels as JSON (CSP: no inline script): the loaders do not run again.
  const router = createBrowserRouter(routes, { hydrationData: hydrationDataOf(readJsonScript('__ROUTER__')) });
  trackNavigationProgress(router, stores.ui);
  // Page events name the page (the route's page module): the load, then each client-side navigation.
  tracker.watchPage(pageNameOf(router.state.matches));
  let trackedPath = window.location.pathname;
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.pathname === trackedPath) return;
    trackedPath = state.location.pathname;
    tracker.track({ cate: 'page', event: 'view', page: pageNameOf(state.matches) });
  });
  // Tasks kept before a sign-in that left the page (the chat app's reload, /sign/in/) run where they belong.
  router.subscribe((state) => {
    if (state.navigation.state === 'idle' && !state.errors) void stores.runDeferredHere();
  });
  installLinkPrefetch(routes);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  hydrateRoot(
    container,
    <StrictMode>
      <StoresProvider stores={stores}>
        <RouterProvider router={router} />
      </StoresProvider>
    </StrictMode>,
  );
  void stores.runDeferredHere();
}

/** The page module of the deepest matched route (`article`, `home`…), or undefined. */
function pageNameOf(matches: readonly { route: { handle?: unknown } }[]): string | undefined {
  for (const match of [...matches].reverse()) if (isRouteHandle(match.route.handle)) return match.route.handle.page;
  return undefined;
}
