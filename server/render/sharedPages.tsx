import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { StaticHandlerContext } from 'react-router-dom';
import type { RootStore } from '../../client/stores/RootStore';
import { serializeJsonForScript } from '../../shared/serializeJson';
import type { RenderCache, RenderedDocument } from './cache/renderCache';
import { pageFacts } from '../../client/routing/pageModules';
import { isRouteHandle } from '../../client/routing/pageRoute';
import { accountNavRenderer } from './accountNavHtml';
import { acceptsGzip } from './cache/encoding';
import { gzipWithReaderParts } from './cache/sharedGzip';
import type { SharedParts } from './cache/sharedGzip';
import { withReaderParts } from './cache/sharedParts';

/**
 * Sends a signed-in reader's page made from the cached one (rendered by `renderAnonymous` when the
 * cache lacks it) when it may be; false when the page must be rendered for them.
 */
export type SharedPageSender = (
  req: Request,
  res: Response,
  stores: RootStore,
  state: StaticHandlerContext,
  renderAnonymous: () => Promise<RenderedDocument | null>,
) => Promise<boolean>;

/**
 * A signed-in reader's page from the render cache (docs/decisions/054): once the page's loaders
 * have run as the reader, a page declared `sharedWithSignedIn` whose cached anonymous copy was
 * rendered from the same snapshot but for the account is that copy with the reader's snapshot
 * and header account part (`AccountNav`, rendered alone) in place. Everything else on such a
 * page is drawn from the snapshot, so the browser hydrates it as it would the full render.
 * A reader whose view differs (they liked the article, follow its author, wrote it) gets the
 * full render.
 */
export function sharedPages(cache: RenderCache): SharedPageSender {
  const accountNav = accountNavRenderer();
  return async (req, res, stores, state, renderAnonymous) => {
    // An article's author sees their own page (no follow button): known before any copy is looked for.
    const ownArticle = stores.article.current !== null && stores.account.username === stores.article.current.author.username;
    const key = isSharedPage(state) && !ownArticle ? cache.keyOf(req, res, true) : null;
    if (key === null) return false;
    const page = (await cache.freshHit(key)) ?? (await cache.fill(key, renderAnonymous));
    const parts = page?.shared;
    if (!page || !parts || !sameRoutes(parts, state) || stores.account.username === parts.articleAuthor) return false;
    const snapshot = stores.toJSON();
    const env = { ...snapshot.env, renderedAt: parts.renderedAt };
    // The snapshot is written once, its account left as a mark: the anonymous copy's account in
    // the mark's place is what must equal the cached page's, the reader's own is what is sent.
    const marked = serializeJsonForScript({ ...snapshot, env, account: ACCOUNT_MARK });
    if (marked.replace(ACCOUNT_MARK_JSON, () => serializeJsonForScript(parts.account)) !== parts.state) return false;

    const nav = accountNav(stores, `${state.location.pathname}${state.location.search}`);
    const readerState = Buffer.from(marked.replace(ACCOUNT_MARK_JSON, () => serializeJsonForScript(snapshot.account)));
    const readerNav = Buffer.from(nav);
    cache.counts.shared += 1;
    res.status(200).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-cache', 'X-Cache': 'shared' });
    res.vary('Accept-Encoding');
    // Compressed here from the stored pieces: the gzip middleware leaves an encoded answer alone.
    if (acceptsGzip(req.headers['accept-encoding'] ?? '')) {
      res.set('Content-Encoding', 'gzip');
      res.end(gzipWithReaderParts(page.identity, parts, parts.gzip, readerState, readerNav));
    } else res.end(withReaderParts(page.identity, parts, readerState, readerNav));
    return true;
  };
}

/** A value no snapshot holds (a random string for the process), standing for its account while it is written. */
const ACCOUNT_MARK = `\u0000account-${randomUUID()}\u0000`;
const ACCOUNT_MARK_JSON = serializeJsonForScript(ACCOUNT_MARK);

/** Whether the page shown is declared `sharedWithSignedIn` (client/routing/pageModules.ts). */
function isSharedPage(state: StaticHandlerContext): boolean {
  const handle: unknown = state.matches.at(-1)?.route.handle;
  return isRouteHandle(handle) && pageFacts(handle.page).sharedWithSignedIn === true;
}

function sameRoutes(parts: SharedParts, state: StaticHandlerContext): boolean {
  const { matches } = state;
  return matches.length === parts.routeIds.length && matches.every((match, i) => match.route.id === parts.routeIds[i]);
}
