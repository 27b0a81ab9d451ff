// The site's router (docs/decisions/041): react-router's API as far as the product uses it, in a
// tenth of its size.
export { BrowserRouter, type BrowserRouterState } from './browserRouter';
export { Link, NavLink, type LinkProps } from './Link';
export { matchRoutes } from './matchRoutes';
export { isRouteErrorResponse, redirect, routeError, RouteErrorResponse, serializeErrors } from './routeResponses';
export { RouterProvider } from './RouterProvider';
export { Outlet, RouterScope, RouterView, useLocation, useMatches, useNavigate, useParams, useRevalidator, useRouteError, useSearchParams } from './RouterView';
export type { LoaderFunctionArgs, PageRequest, Params, RouteMatch, RouteObject, RouterState, UIMatch } from './routeTypes';
export { queryPage, STATIC_NAVIGATOR } from './staticRouter';
