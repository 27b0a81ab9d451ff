const BASE = 'http://site.invalid';
/** What a browser drops from an address (tabs, newlines), trims, or reads as the end of the path. */
const UNSAFE = /[\u0000-\u0020\u007f?#]/g;
/** Enough for any path: each round either leaves the path as it is or shortens it. */
const ROUNDS = 8;

/**
 * The path of a page of this site, as a link built from a request's path writes it (the
 * footer's language links, the canonical link, sign-in's `next`): one leading slash, dot
 * segments resolved, and what a browser would drop or end the path at percent-encoded. A
 * request for `//evil.example/x`, `/\evil.example` or `/.//evil.example` links to
 * `/evil.example/...` on this site, never to another host. Ordinary paths come back as they were.
 */
export function sitePath(pathname: string): string {
  let path = pathname;
  for (let round = 0; round < ROUNDS; round++) {
    const single = `/${path.replace(UNSAFE, percentEncoded).replace(/^[/\\]+/, '')}`;
    const url = new URL(single, BASE);
    if (url.origin !== BASE) return '/';
    if (url.pathname === single) return single;
    // Dot segments resolved (`/a/..//x` is `//x`) or characters encoded: once more from there.
    path = url.pathname;
  }
  return '/';
}

function percentEncoded(character: string): string {
  return `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}
