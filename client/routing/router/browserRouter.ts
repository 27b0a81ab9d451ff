import { deserializeErrors, RouteRedirect } from './routeResponses';
import { matchPage, resolveLazyRoutes, runLoaders } from './loadRoutes';
import type { Navigator } from './RouterView';
import type { RouteMatch, RouteObject, RouterLocation, RouterState } from './routeTypes';

/** The browser's router state: the page shown and whether a navigation is loading. */
export interface BrowserRouterState extends RouterState {
  navigation: 'idle' | 'loading';
}

type HistoryAction = 'push' | 'replace' | 'pop' | 'revalidate';

/**
 * The router in the browser: the page the server rendered, then each navigation (a link, the
 * back button, `navigate()`) loads the code and runs the loaders of the routes it needs before
 * the address and the page change together. A newer navigation supersedes an older one.
 */
export class BrowserRouter implements Navigator {
  state: BrowserRouterState;
  private readonly listeners = new Set<(state: BrowserRouterState) => void>();
  private current: AbortController | null = null;

  /** `hydrationErrors`: the route errors the server rendered the page with. */
  constructor(
    private readonly routes: RouteObject[],
    hydrationErrors: unknown,
  ) {
    const location = currentLocation();
    const page = matchPage(routes, location.pathname);
    this.state = { location, matches: page.matches, errors: deserializeErrors(hydrationErrors) ?? page.errors, navigation: 'idle' };
    window.addEventListener('popstate', () => void this.load(currentLocation(), 'pop'));
  }

  /** Loads the code of the routes shown, before the first render (hydration must render what the server did). */
  ready(): Promise<void> {
    return resolveLazyRoutes(this.state.matches);
  }

  subscribe(listener: (state: BrowserRouterState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  navigate(to: string, options: { replace?: boolean } = {}): void {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    const location = { pathname: url.pathname, search: url.search, hash: url.hash };
    const here = this.state.location;
    if (location.hash && location.pathname === here.pathname && location.search === here.search) {
      // Only the fragment changes: no loader runs.
      history[options.replace ? 'replaceState' : 'pushState'](null, '', url.href);
      this.set({ ...this.state, location });
      return;
    }
    void this.load(location, options.replace ? 'replace' : 'push');
  }

  go(delta: number): void {
    history.go(delta);
  }

  async revalidate(): Promise<void> {
    await this.load(this.state.location, 'revalidate');
  }

  private async load(location: RouterLocation, action: HistoryAction): Promise<void> {
    this.current?.abort();
    const controller = new AbortController();
    this.current = controller;
    const href = `${location.pathname}${location.search}${location.hash}`;
    const page = matchPage(this.routes, location.pathname);
    // A revalidation keeps the page as it is: no progress line.
    if (action !== 'revalidate') this.set({ ...this.state, navigation: 'loading' });
    const request = new Request(new URL(href, window.location.origin), { signal: controller.signal });
    const outcome = page.errors ? { errors: page.errors } : await runLoaders(page.matches, this.toLoad(page.matches, location, action), request);
    if (controller.signal.aborted) return;
    this.current = null;
    if (outcome.redirect) {
      this.followRedirect(outcome.redirect, action);
      return;
    }
    if (action === 'push') history.pushState(null, '', href);
    if (action === 'replace') history.replaceState(null, '', href);
    this.set({ location, matches: page.matches, errors: outcome.errors, navigation: 'idle' });
  }

  /**
   * The routes whose loaders run (react-router's rule): each one new to the page (or now at
   * another path), and all of them when the search changes, the same address is opened again or
   * on `revalidate()`, unless a route shown already declines (`shouldRevalidate`).
   */
  private toLoad(matches: RouteMatch[], location: RouterLocation, action: HistoryAction): RouteMatch[] {
    const before = this.state;
    const sameAddress = location.pathname === before.location.pathname && location.search === before.location.search;
    const everything = action === 'revalidate' || sameAddress || location.search !== before.location.search;
    return matches.filter((match, i) => {
      const previous = before.matches[i];
      // After an error screen nothing shown counts as loaded.
      const isNew = !previous || previous.id !== match.id || previous.pathname !== match.pathname || before.errors !== null;
      if (isNew) return true;
      return match.route.shouldRevalidate ? match.route.shouldRevalidate() : everything;
    });
  }

  private followRedirect(redirect: RouteRedirect, action: HistoryAction): void {
    const url = new URL(redirect.location, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.replace(url.href);
      return;
    }
    const location = { pathname: url.pathname, search: url.search, hash: url.hash };
    void this.load(location, action === 'push' ? 'push' : 'replace');
  }

  private set(state: BrowserRouterState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}

function currentLocation(): RouterLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}
