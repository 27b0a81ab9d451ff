import { LRUCache } from 'lru-cache';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AccountNav } from '../../client/components/AccountNav';
import { StoresProvider } from '../../client/stores/context';
import type { RootStore } from '../../client/stores/RootStore';

/** Readers whose header is kept: a few hundred bytes each. */
const KEPT = 2000;

/**
 * The header's account part of a signed-in reader's shared page (server/render/sharedPages.tsx),
 * rendered once per account as it reads and language: it shows only the account, the unread
 * count and the catalogue's words, never the address (only a signed-out reader's Sign In link
 * names the page, and that one is rendered each time). Rendering it costs a signed-in page more
 * than anything else of ours, react-router's links above all.
 */
export function accountNavRenderer(): (stores: RootStore, location: string) => string {
  const kept = new LRUCache<string, string>({ max: KEPT });
  return (stores, location) => {
    const render = () =>
      renderToString(
        <StoresProvider stores={stores}>
          <StaticRouter location={location}>
            <AccountNav />
          </StaticRouter>
        </StoresProvider>,
      );
    const { account, env, notifications } = stores;
    if (!account.signedIn || account.username === null) return render();
    const key = `${env.locale}\u0000${notifications.unreadCount}\u0000${JSON.stringify(account.info)}`;
    let html = kept.get(key);
    if (html === undefined) {
      html = render();
      kept.set(key, html);
    }
    return html;
  };
}
