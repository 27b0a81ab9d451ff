/**
 * Where to go after signing in: only a path on this site. Anything that could leave
 * the origin (`//host`, `/\host`, `https://…`, `javascript:`) falls back to `/`.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f\\]/.test(next)) return fallback;
  try {
    const url = new URL(next, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
