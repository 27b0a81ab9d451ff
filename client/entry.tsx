import { configure } from 'mobx';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, RouterProvider, type RouteMatch } from './routing/router';
import { textLocale } from '../shared/locale';
import { browserTransport, rememberBearerToken } from './api/browserTransport';
import { loadCatalogue } from './i18n/loadCatalogue';
import { Tracker } from './tracking/tracker';
import { readJsonScript } from './readJsonScript';
import { withBodiesFromPage } from './bodiesFromPage';
import { createRoutes } from './routes';
import { isChunkLoadError, reloadOnceForChunkError } from './routing/loadChunk';
import { installLinkPrefetch } from './routing/prefetchLinks';
import { trackNavigationProgress } from './routing/trackNavigationProgress';
import { StoresProvider } from './stores/context';
import { RootStore, type RootSnapshot } from './stores/RootStore';
import { isRouteHandle } from './routing/pageRoute';

configure({ enforceActions: 'observed' });

async function start(): Promise<void> {
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
  const routes = createRoutes(() => stores);

  // The route errors the server rendered travel as JSON too (CSP: no inline script).
  const router = new BrowserRouter(routes, readJsonScript('__ROUTER__'));
  try {
    await router.ready();
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnceForChunkError()) return;
    throw error;
  }
  trackNavigationProgress(router, stores.ui);
  // Page events name the page (the route's page module): the load, then each client-side navigation.
  tracker.watchPage(pageNameOf(router.state.matches));
  let trackedPath = window.location.pathname;
  router.subscribe((state) => {
    if (state.navigation !== 'idle' || state.location.pathname === trackedPath) return;
    trackedPath = state.location.pathname;
    tracker.track({ cate: 'page', event: 'view', page: pageNameOf(state.matches) });
  });
  // Tasks kept before a sign-in that left the page (the chat app's reload, /sign/in/) run where they belong.
  router.subscribe((state) => {
    if (state.navigation === 'idle' && !state.errors) void stores.runDeferredHere();
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
function pageNameOf(matches: readonly RouteMatch[]): string | undefined {
  for (const match of [...matches].reverse()) if (isRouteHandle(match.route.handle)) return match.route.handle.page;
  return undefined;
}

void start();
