import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useRouter } from './RouterView';
import type { RouterLocation } from './routeTypes';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path on this site; `?page=2` keeps the current path. */
  to: string;
  replace?: boolean;
}

/** A link the router follows in the page (a plain link for a new tab, a modified click or another site). */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps): ReactNode {
  const { state, navigator } = useRouter();
  const href = resolveHref(to, state.location);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (!href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigator.navigate(href, { replace });
  };
  return <a {...rest} href={href} target={target} onClick={follow} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string;
  /** Active only on its own path, not on the paths under it. */
  end?: boolean;
}

/** A link marked `active` (and `aria-current="page"`) while its page, or with `end` unset a page under it, is shown. */
export function NavLink({ className, end, ...rest }: NavLinkProps): ReactNode {
  const { state } = useRouter();
  const target = withoutTrailingSlash(new URL(resolveHref(rest.to, state.location), 'http://localhost').pathname.toLowerCase());
  const here = withoutTrailingSlash(state.location.pathname.toLowerCase());
  const active = here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
  const classes = [className, active ? 'active' : null].filter(Boolean).join(' ');
  return <Link {...rest} className={classes || undefined} aria-current={active ? 'page' : undefined} />;
}

/** A link's href: a search or a hash alone keeps the current path. */
export function resolveHref(to: string, location: RouterLocation): string {
  if (to.startsWith('?')) return `${location.pathname}${to}`;
  if (to.startsWith('#')) return `${location.pathname}${location.search}${to}`;
  return to;
}

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
