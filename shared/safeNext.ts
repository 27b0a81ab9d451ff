const BASE = 'http://same.origin';

/**
 * Where to go after signing in: only a path on this site. Anything that could leave
 * the origin (`//host`, `/\host`, `https://…`, `javascript:`) falls back to `/`.
 * The input is checked, and so is the normalised path returned: dot segments can turn
 * `/.//host` or `/%2e//host` into `//host`, which a browser reads as another site.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !isPlainPath(next)) return fallback;
  let target: string;
  try {
    const url = new URL(next, BASE);
    if (url.origin !== BASE) return fallback;
    target = url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
  return isPlainPath(target) ? target : fallback;
}

/**
 * A return address given as a URL of this site (`https://site/path`) or as a path:
 * the same-origin path, checked as `safeNextPath` checks it; anything else is the fallback.
 */
export function sameOriginPath(target: string | null | undefined, origin: string, fallback = '/'): string {
  if (!target) return fallback;
  if (target.startsWith('/')) return safeNextPath(target, fallback);
  let url: URL;
  try {
    url = new URL(target);
    if (url.origin !== new URL(origin).origin || url.username || url.password) return fallback;
  } catch {
    return fallback;
  }
  return safeNextPath(url.pathname + url.search + url.hash, fallback);
}

/** One leading slash, then no second slash or backslash, and no control characters anywhere. */
function isPlainPath(path: string): boolean {
  return path.startsWith('/') && path[1] !== '/' && !/[\u0000-\u001f\u007f\\]/.test(path);
}
