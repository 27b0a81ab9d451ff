import type { ComponentType } from 'react';

/** A path's params; an optional param that is absent is undefined. */
export type Params = Readonly<Record<string, string | undefined>>;

/**
 * What a loader knows of the page request: its address, and a signal that aborts when the
 * navigation is superseded or the reader leaves. A Fetch `Request` is one; the server passes a
 * plain object, since building a Fetch request for each page cost 1.3 % of its CPU.
 */
export interface PageRequest {
  readonly url: string;
  readonly signal: AbortSignal;
}

export interface LoaderFunctionArgs {
  params: Params;
  request: PageRequest;
}

/** What a route's loader may be: it fills stores and returns nothing of use, or throws a redirect or an error response. */
export type RouteLoader = (args: LoaderFunctionArgs) => unknown;

/** What a lazy route loads: its screen and loader. */
export interface LazyRouteParts {
  Component?: ComponentType | null;
  loader?: RouteLoader;
}

/** One route of the table. Paths are relative to the parent's; '' or `index` is the parent's own page. */
export interface RouteObject {
  id?: string;
  path?: string;
  index?: boolean;
  handle?: unknown;
  Component?: ComponentType | null;
  /** Rendered instead of this route's screen (and everything inside it) when it or a route inside it fails. */
  ErrorBoundary?: ComponentType;
  loader?: RouteLoader;
  lazy?: () => Promise<LazyRouteParts>;
  /** Whether an already shown route's loader runs again on a navigation that keeps it; absent: the default rule. */
  shouldRevalidate?: () => boolean;
  children?: RouteObject[];
}

/** A route a path matched, with the params of the whole path and the part of the path it matched. */
export interface RouteMatch {
  id: string;
  route: RouteObject;
  params: Params;
  pathname: string;
}

/** What components see of a match. */
export interface UIMatch {
  id: string;
  pathname: string;
  params: Params;
  handle: unknown;
}

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** What a page shows: where, which routes, and the errors by the id of the route whose error screen shows them. */
export interface RouterState {
  location: RouterLocation;
  matches: RouteMatch[];
  errors: Record<string, unknown> | null;
}
