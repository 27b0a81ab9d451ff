import { data, redirect } from 'react-router-dom';
import type { PageRequest } from './pageModules';
import { SIGN_IN_PATH } from '../../shared/constants';
import { sitePath } from '../../shared/sitePath';
import type { RootStore } from '../stores/RootStore';

export interface GuardContext {
  stores: RootStore;
  request: PageRequest;
}

/** A guard throws a redirect (or an error response) to stop the route from rendering. */
export type Guard = (context: GuardContext) => void | Promise<void>;

/** Named route guards (docs/specification/shell.md §2), run by the route's loader before the page's own. */
export const GUARDS: Readonly<Record<string, Guard>> = {
  signIn: requireSignIn,
};

/**
 * Runs guards in order. An unknown name is a misconfigured route: 500 'Unknown
 * middleware {name}' (docs/specification/shell.md §5), checked before any guard runs.
 */
export async function runGuards(names: readonly string[], context: GuardContext): Promise<void> {
  const guards = names.map((name) => {
    const guard = Object.hasOwn(GUARDS, name) ? GUARDS[name] : undefined;
    if (!guard) throw data(`Unknown middleware ${name}`, { status: 500, statusText: 'Internal Server Error' });
    return guard;
  });
  for (const guard of guards) await guard(context);
}

/** Sends a signed-out visitor to sign in, with the full path they wanted in `next`. */
export async function requireSignIn({ stores, request }: GuardContext): Promise<void> {
  await stores.account.ensureLoaded();
  if (stores.account.signedIn) return;
  throw redirect(signInPath(request.url));
}

/** The sign-in page, with the wanted page (a URL or a path, however odd) as `next`. */
export function signInPath(wanted: string): string {
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(pathOf(wanted))}`;
}

/** A path is read as a path even when it starts with `//`, which `new URL(path, base)` reads as a host. */
function pathOf(wanted: string): string {
  try {
    const url = wanted.startsWith('/') ? new URL(`http://localhost${wanted}`) : new URL(wanted);
    return sitePath(url.pathname) + url.search;
  } catch {
    return '/';
  }
}
