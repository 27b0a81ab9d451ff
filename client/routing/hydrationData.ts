import { isRouteErrorResponse } from 'react-router-dom';

/** A route error as the page carries it to the browser. */
export type SerializedRouteError = { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown } | { __type: 'Error'; message: string };

/** What the server rendered, for the browser's router: each route's loader data and the route errors. */
export interface SerializedHydrationData {
  loaderData: Record<string, unknown>;
  errors: Record<string, SerializedRouteError> | null;
}

/** The router's hydration data as JSON for the page (CSP: no inline script), read back by `hydrationDataOf`. */
export function serializeHydrationData(loaderData: Record<string, unknown>, errors: Record<string, unknown> | null | undefined): SerializedHydrationData {
  if (!errors) return { loaderData, errors: null };
  const serialized: Record<string, SerializedRouteError> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    serialized[routeId] = isRouteErrorResponse(error)
      ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data }
      : { __type: 'Error', message: error instanceof Error ? error.message : String(error) };
  }
  return { loaderData, errors: serialized };
}

/**
 * The hydration data `createBrowserRouter` takes. An error response comes back as the plain
 * object react-router's `isRouteErrorResponse` recognises; any other error as an `Error`.
 */
export function hydrationDataOf(value: unknown): { loaderData: Record<string, unknown>; errors: Record<string, unknown> | null } {
  const raw = fieldsOf(value);
  const loaderData = { ...fieldsOf(raw.loaderData) };
  if (typeof raw.errors !== 'object' || raw.errors === null) return { loaderData, errors: null };
  const errors: Record<string, unknown> = {};
  for (const [routeId, entry] of Object.entries(fieldsOf(raw.errors))) {
    const error = fieldsOf(entry);
    errors[routeId] =
      error.__type === 'RouteErrorResponse'
        ? { status: Number(error.status), statusText: textOf(error.statusText), data: error.data, internal: false }
        : new Error(textOf(error.message));
  }
  return { loaderData, errors };
}

/** An object's fields, or none when it is not one. */
function fieldsOf(value: unknown): Partial<Record<string, unknown>> {
  return typeof value === 'object' && value !== null ? value : {};
}

/** A string, or '' for anything else. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
