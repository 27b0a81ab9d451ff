import type { RouteMatch, RouteObject } from './routeTypes';

/**
 * Matches a path against a route table the way react-router 7 does (its ranking, optional
 * params, trailing slashes, case-insensitive static segments, decoded params), without splats.
 * A table is flattened, ranked and compiled once: matching is one regular expression per route
 * of each candidate branch.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const decoded = decodePath(pathname || '/');
  for (const branch of branchesOf(routes)) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}

/** The id of each route: its own, or its position in the table (`0-3-1`). Assigned once, on the route. */
export function routeIdOf(route: RouteObject): string {
  const id = route.id ?? ids.get(route);
  if (id === undefined) throw new Error('a route is matched before its table was read');
  return id;
}

interface CompiledSegment {
  route: RouteObject;
  matcher: RegExp;
  params: { name: string; optional: boolean }[];
}

interface Branch {
  segments: CompiledSegment[];
}

const tables = new WeakMap<RouteObject[], Branch[]>();
const ids = new WeakMap<RouteObject, string>();

function branchesOf(routes: RouteObject[]): Branch[] {
  let branches = tables.get(routes);
  if (!branches) {
    const raw: RawBranch[] = [];
    flatten(routes, raw, [], '', '');
    branches = rank(raw).map((branch) => ({
      segments: branch.metas.map((meta, i) => ({ route: meta.route, ...compilePath(meta.relativePath, i === branch.metas.length - 1) })),
    }));
    tables.set(routes, branches);
  }
  return branches;
}

interface RouteMeta {
  relativePath: string;
  index: number;
  route: RouteObject;
}

interface RawBranch {
  path: string;
  score: number;
  metas: RouteMeta[];
}

function flatten(routes: RouteObject[], branches: RawBranch[], parents: RouteMeta[], parentPath: string, parentId: string): void {
  routes.forEach((route, index) => {
    const id = parentId === '' ? String(index) : `${parentId}-${index}`;
    if (route.id === undefined && !ids.has(route)) ids.set(route, id);
    const paths = route.path === undefined || route.path === '' || !route.path.includes('?') ? [route.path ?? ''] : explodeOptionalSegments(route.path);
    for (const relative of paths) {
      let relativePath = relative;
      if (relativePath.startsWith('/')) {
        if (!relativePath.startsWith(parentPath)) throw new Error(`Absolute route path "${relativePath}" is not inside "${parentPath}"`);
        relativePath = relativePath.slice(parentPath.length);
      }
      const meta: RouteMeta = { relativePath, index, route };
      const path = joinPaths([parentPath, relativePath]);
      const metas = [...parents, meta];
      if (route.children && route.children.length > 0) flatten(route.children, branches, metas, path, id);
      if (route.path === undefined && !route.index) continue;
      branches.push({ path, score: computeScore(path, route.index === true), metas });
    }
  });
}

/** `a/:b?/c` is the two paths `a/:b/c` and `a/c`. */
function explodeOptionalSegments(path: string): string[] {
  const [first = '', ...rest] = path.split('/');
  const optional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return optional ? [required, ''] : [required];
  const restExploded = explodeOptionalSegments(rest.join('/'));
  const result = restExploded.map((sub) => (sub === '' ? required : [required, sub].join('/')));
  if (optional) result.push(...restExploded);
  return result.map((exploded) => (path.startsWith('/') && exploded === '' ? '/' : exploded));
}

const PARAM = /^:[\w-]+$/;

function computeScore(path: string, index: boolean): number {
  const segments = path.split('/');
  const initial = segments.length + (index ? 2 : 0);
  return segments.reduce((score, segment) => score + (PARAM.test(segment) ? 3 : segment === '' ? 1 : 10), initial);
}

/** Higher scores first; siblings of one parent in declaration order; otherwise as declared (a stable sort). */
function rank(branches: RawBranch[]): RawBranch[] {
  return branches.sort((a, b) => {
    if (a.score !== b.score) return b.score - a.score;
    const ai = a.metas.map((meta) => meta.index);
    const bi = b.metas.map((meta) => meta.index);
    const siblings = ai.length === bi.length && ai.slice(0, -1).every((n, i) => n === bi[i]);
    return siblings ? (ai.at(-1) ?? 0) - (bi.at(-1) ?? 0) : 0;
  });
}

function compilePath(path: string, end: boolean): Pick<CompiledSegment, 'matcher' | 'params'> {
  const params: CompiledSegment['params'] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)(\?)?/g, (_, name: string, optional: string | undefined) => {
        params.push({ name, optional: optional !== undefined });
        return optional !== undefined ? '/?([^\\/]+)?' : '/([^\\/]+)';
      });
  if (end) source += '\\/*$';
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
  return { matcher: new RegExp(source, 'i'), params };
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Record<string, string | undefined> = {};
  const matches: RouteMatch[] = [];
  let matchedPathname = '/';
  for (const segment of branch.segments) {
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const found = segment.matcher.exec(remaining);
    if (!found) return null;
    const matched = found[0];
    const base = matched.replace(/(.)\/+$/, '$1');
    segment.params.forEach(({ name, optional }, i) => {
      const value = found[i + 1];
      params[name] = optional && !value ? undefined : (value ?? '').replace(/%2F/g, '/');
    });
    matches.push({ id: routeIdOf(segment.route), route: segment.route, params, pathname: joinPaths([matchedPathname, matched]) });
    if (base !== '/') matchedPathname = joinPaths([matchedPathname, base]);
  }
  return matches;
}

/** Each segment decoded on its own (a `%2F` stays a slash inside its segment); a malformed escape leaves the path as it came. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

function joinPaths(paths: string[]): string {
  return paths.join('/').replace(/\/\/+/g, '/');
}
