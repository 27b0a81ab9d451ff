import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router-dom';

type SerializedError =
  { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown; internal: boolean } | { __type: 'Error'; message: string };

/**
 * The router's hydration data in the shape `createBrowserRouter` reads from
 * `window.__staticRouterHydrationData` (errors marked so they deserialise).
 */
export function routerHydrationData(context: StaticHandlerContext): unknown {
  return {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  };
}

function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, SerializedError> | null {
  if (!errors) return null;
  const serialized: Record<string, SerializedError> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    serialized[routeId] = isRouteErrorResponse(error)
      ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data, internal: false }
      : { __type: 'Error', message: error instanceof Error ? error.message : String(error) };
  }
  return serialized;
}
