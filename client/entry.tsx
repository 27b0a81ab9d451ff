import { configure } from 'mobx';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { textLocale } from '../shared/locale';
import { browserTransport, rememberBearerToken } from './api/browserTransport';
import { loadCatalogue } from './i18n/loadCatalogue';
import { Tracker } from './tracking/tracker';
import { readJsonScript } from './readJsonScript';
import { createRoutes } from './routes';
import { isChunkLoadError, reloadOnceForChunkError } from './routing/loadChunk';
import { resolveLazyMatches } from './routing/resolveLazyMatches';
import { installLinkPrefetch } from './routing/prefetchLinks';
import { trackNavigationProgress } from './routing/trackNavigationProgress';
import { StoresProvider } from './stores/context';
import { RootStore, type RootSnapshot } from './stores/RootStore';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

configure({ enforceActions: 'observed' });

async function start(): Promise<void> {
  const snapshot = readJsonScript('__STATE__') as RootSnapshot;
  const catalogue = await loadCatalogue(textLocale(snapshot.env.locale));
  rememberBearerToken(window.location.search);
  const tracker = new Tracker(snapshot.env.logEndpoint, () => stores.account.id);
  const stores: RootStore = new RootStore(snapshot, catalogue, browserTransport(() => stores.account.id), {
    onApiFailure: (error, request) =>
      tracker.track({ cate: 'api', event: 'request_failed', status: error.status, method: request.method, msg: `${request.path} ${error.message}` }),
  });
  tracker.watchPage();
  const routes = createRoutes(() => stores);

  // The router's own hydration data travels as JSON too (CSP: no inline script).
  window.__staticRouterHydrationData = readJsonScript('__ROUTER__') ?? undefined;
  try {
    await resolveLazyMatches(routes, window.location.pathname);
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnceForChunkError()) return;
    throw error;
  }
  const router = createBrowserRouter(routes);
  trackNavigationProgress(router, stores.ui);
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

void start();
