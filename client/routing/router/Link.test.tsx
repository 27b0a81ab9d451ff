import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Link, NavLink, resolveHref } from './Link';
import { RouterView } from './RouterView';
import { STATIC_NAVIGATOR } from './staticRouter';
import type { RouterState } from './routeTypes';

function at(pathname: string, search = ''): RouterState {
  return { location: { pathname, search, hash: '' }, matches: [], errors: null };
}

function render(state: RouterState, element: React.ReactElement): string {
  const Screen = () => element;
  return renderToStaticMarkup(
    <RouterView
      state={{ ...state, matches: [{ id: 'root', route: { id: 'root', path: '/', Component: Screen }, params: {}, pathname: '/' }] }}
      navigator={STATIC_NAVIGATOR}
    />,
  );
}

describe('links', () => {
  it('keep the current path for a search or a fragment alone', () => {
    expect(resolveHref('?page=2', at('/profile/wallet/', '?page=1').location)).toBe('/profile/wallet/?page=2');
    expect(resolveHref('#ratings', at('/booklet/a/', '?x=1').location)).toBe('/booklet/a/?x=1#ratings');
    expect(resolveHref('/found/', at('/').location)).toBe('/found/');
  });

  it('render as plain anchors', () => {
    expect(
      render(
        at('/'),
        <Link to="/found/" className="nav">
          Found
        </Link>,
      ),
    ).toBe('<a class="nav" href="/found/">Found</a>');
  });

  it('mark the page shown as active, and with `end` only its own path', () => {
    const state = at('/@ann/articles/');
    expect(render(state, <NavLink to="/@ann/articles">Articles</NavLink>)).toBe('<a class="active" aria-current="page" href="/@ann/articles">Articles</a>');
    expect(
      render(
        state,
        <NavLink to="/@ann/" className="tab">
          Home
        </NavLink>,
      ),
    ).toBe('<a class="tab active" aria-current="page" href="/@ann/">Home</a>');
    expect(
      render(
        state,
        <NavLink to="/@ann/" end className="tab">
          Home
        </NavLink>,
      ),
    ).toBe('<a class="tab" href="/@ann/">Home</a>');
    expect(render(state, <NavLink to="/">Home</NavLink>)).toBe('<a href="/">Home</a>');
  });
});
