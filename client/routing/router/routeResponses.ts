/** An error with an HTTP status thrown by a loader: the error screen shows it with that status. */
export class RouteErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {}
}

/** A redirect thrown by a loader or a guard. */
export class RouteRedirect {
  constructor(
    readonly location: string,
    readonly status: number,
  ) {}
}

/** The error response a loader throws: `throw routeError('Not Found', { status: 404 })`. */
export function routeError(data: unknown, init: { status: number; statusText?: string }): RouteErrorResponse {
  return new RouteErrorResponse(init.status, init.statusText ?? '', data);
}

/** The redirect a loader throws: `throw redirect('/sign/in/')`. */
export function redirect(location: string, status = 302): RouteRedirect {
  return new RouteRedirect(location, status);
}

export function isRouteErrorResponse(error: unknown): error is RouteErrorResponse {
  return error instanceof RouteErrorResponse;
}

/** The 404 of a path no route matches. */
export function notFoundError(pathname: string): RouteErrorResponse {
  return new RouteErrorResponse(404, 'Not Found', `Error: No route matches URL "${pathname}"`);
}

type SerializedError = { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown } | { __type: 'Error'; message: string };

/** Route errors as JSON for the page, read back by `deserializeErrors` before hydration. */
export function serializeErrors(errors: Record<string, unknown> | null): Record<string, SerializedError> | null {
  if (!errors) return null;
  const serialized: Record<string, SerializedError> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    serialized[routeId] = isRouteErrorResponse(error)
      ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data }
      : { __type: 'Error', message: error instanceof Error ? error.message : String(error) };
  }
  return serialized;
}

export function deserializeErrors(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null) return null;
  const errors: Record<string, unknown> = {};
  for (const [routeId, raw] of Object.entries(value)) {
    const error: Partial<Record<string, unknown>> = typeof raw === 'object' && raw !== null ? raw : {};
    errors[routeId] =
      error.__type === 'RouteErrorResponse'
        ? new RouteErrorResponse(Number(error.status), String(error.statusText ?? ''), error.data)
        : new Error(String(error.message ?? ''));
  }
  return errors;
}
