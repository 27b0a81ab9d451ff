import { Component, createContext, useContext, useMemo, type ErrorInfo, type ReactNode } from 'react';
import type { Params, RouteMatch, RouterLocation, RouterState, UIMatch } from './routeTypes';

/** What the components of a page may ask of the router that shows it: the browser's, or the server's that only renders. */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  go(delta: number): void;
  revalidate(): Promise<void>;
}

interface RouterContextValue {
  state: RouterState;
  navigator: Navigator;
}

interface RouteContextValue {
  outlet: ReactNode;
  match: RouteMatch | undefined;
  error: unknown;
}

const RouterContext = createContext<RouterContextValue | null>(null);
const RouteContext = createContext<RouteContextValue>({ outlet: null, match: undefined, error: undefined });

/** Renders the page of a router state: each matched route inside its parent's `<Outlet />`, an error at its boundary route. */
export function RouterView({ state, navigator }: RouterContextValue): ReactNode {
  const value = useMemo(() => ({ state, navigator }), [state, navigator]);
  return <RouterContext.Provider value={value}>{renderMatches(state)}</RouterContext.Provider>;
}

/** The router's context around a part of a page rendered on its own (the server's header for a signed-in reader, server/render/cache/readerPages.tsx). */
export function RouterScope({ state, navigator, children }: RouterContextValue & { children: ReactNode }): ReactNode {
  const value = useMemo(() => ({ state, navigator }), [state, navigator]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

export function useLocation(): RouterLocation {
  return useRouter().state.location;
}

/** The params of the whole path. */
export function useParams(): Params {
  return useRouter().state.matches.at(-1)?.params ?? {};
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** Every matched route of the page, root to leaf. */
export function useMatches(): UIMatch[] {
  const { matches } = useRouter().state;
  return useMemo(() => matches.map(({ id, pathname, params, route }) => ({ id, pathname, params, handle: route.handle })), [matches]);
}

export function useNavigate(): (to: string | number, options?: { replace?: boolean }) => void {
  const { navigator } = useRouter();
  return useMemo(() => (to, options) => (typeof to === 'number' ? navigator.go(to) : navigator.navigate(to, options)), [navigator]);
}

export function useRevalidator(): { revalidate: () => Promise<void> } {
  const { navigator } = useRouter();
  return useMemo(() => ({ revalidate: () => navigator.revalidate() }), [navigator]);
}

/** The error the route's error screen shows. */
export function useRouteError(): unknown {
  return useContext(RouteContext).error;
}

export function useRouter(): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router hook is used outside the router');
  return router;
}

function renderMatches(state: RouterState): ReactNode {
  const { matches, errors } = state;
  const failedAt = errors ? matches.findIndex((match) => errors[match.id] !== undefined) : -1;
  const shown = failedAt >= 0 ? matches.slice(0, failedAt + 1) : matches;
  return shown.reduceRight<ReactNode>((outlet, match) => {
    const error = errors?.[match.id];
    const { Component: Screen, ErrorBoundary } = match.route;
    const failed = error !== undefined && ErrorBoundary !== undefined;
    const element = failed ? <ErrorBoundary /> : Screen ? <Screen /> : outlet;
    const routeValue = { outlet, match, error };
    const routed = <RouteContext.Provider value={routeValue}>{element}</RouteContext.Provider>;
    if (!ErrorBoundary || failed) return routed;
    return (
      <RenderErrorBoundary location={state.location} match={match} fallback={ErrorBoundary}>
        {routed}
      </RenderErrorBoundary>
    );
  }, null);
}

interface RenderErrorBoundaryProps {
  location: RouterLocation;
  match: RouteMatch;
  fallback: NonNullable<RouteMatch['route']['ErrorBoundary']>;
  children: ReactNode;
}

/** In the browser, a screen that throws while rendering shows its route's error screen; the next navigation clears it. */
class RenderErrorBoundary extends Component<RenderErrorBoundaryProps, { error: unknown; location: RouterLocation }> {
  override state = { error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  static getDerivedStateFromProps(props: RenderErrorBoundaryProps, state: { error: unknown; location: RouterLocation }) {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    const Fallback = this.props.fallback;
    return (
      <RouteContext.Provider value={{ outlet: null, match: this.props.match, error: this.state.error }}>
        <Fallback />
      </RouteContext.Provider>
    );
  }
}
