import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

// Which loaders run again on a navigation in the browser (react-router's rules, which the site's
// pages rely on): the root's never (it declines, client/routes.tsx); a page's when it is new to the
// screen, when the search changes (`?page=2`), when its own address is opened again (the profile
// menu's sign-out, client/components/ProfileMenu.tsx) and when a fragment is dropped (Back from
// `#top`); none when a fragment alone is added or changed.

function site() {
  const ran: string[] = [];
  const loader = (id: string) => () => {
    ran.push(id);
    return null;
  };
  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      loader: loader('root'),
      shouldRevalidate: () => false,
      children: [
        { id: 'wallet', path: 'profile/wallet', loader: loader('wallet') },
        {
          id: 'column',
          path: ':column',
          loader: loader('column'),
          children: [
            { id: 'column-home', index: true, loader: loader('column-home') },
            { id: 'column-articles', path: 'articles', loader: loader('column-articles') },
          ],
        },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/profile/wallet/'] });
  return { router, ran };
}

async function settled(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  await new Promise<void>((resolve) => {
    if (router.state.navigation.state === 'idle' && router.state.initialized) resolve();
    const stop = router.subscribe((state) => {
      if (state.navigation.state === 'idle' && state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

describe('loaders on a navigation', () => {
  it('run the root once, and a page again on a new search or its own address opened again', async () => {
    const { router, ran } = site();
    await settled(router);
    expect(ran.sort()).toEqual(['root', 'wallet']);
    ran.length = 0;

    await router.navigate('/profile/wallet/?page=2');
    expect(ran).toEqual(['wallet']);
    ran.length = 0;

    await router.navigate('/profile/wallet/?page=2', { replace: true });
    expect(ran).toEqual(['wallet']);
    ran.length = 0;

    await router.navigate('/profile/wallet/?page=2#top');
    expect(ran, 'a fragment').toEqual([]);
    await router.navigate('/profile/wallet/?page=2#end');
    expect(ran, 'another fragment').toEqual([]);
    await router.navigate(-1);
    expect(ran, 'back to a fragment').toEqual([]);
    await router.navigate(-1);
    expect(ran, 'back to no fragment: the page, not the root').toEqual(['wallet']);
  });

  it('run only the routes new to the screen when moving within a column', async () => {
    const { router, ran } = site();
    await settled(router);
    await router.navigate('/@ann/');
    ran.length = 0;
    await router.navigate('/@ann/articles/');
    expect(ran).toEqual(['column-articles']);
    ran.length = 0;
    await router.navigate('/@bob/articles/');
    expect(ran.sort()).toEqual(['column', 'column-articles']);
    router.dispose();
  });
});
