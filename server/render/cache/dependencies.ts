import { BoundedMemo } from '../../../shared/boundedMemo';
import { matchRoutes } from 'react-router-dom';
import { createRoutes } from '../../../client/routes';
import { isPageName, pageFacts, type CachedContent } from '../../../client/routing/pageModules';
import { isRouteHandle } from '../../../client/routing/pageRoute';
import { columnUsername } from '../../../shared/column';
import type { ContentKey } from '../../content/changes';

const routeTable = createRoutes(() => {
  throw new Error('the route table is only matched here, never loaded');
});

/** Paths already matched: a match tries each ranked branch of the table in turn. */
const matched = new BoundedMemo<string, boolean>(2000);

/** Whether a path is a page declared `cache` (client/routing/pageModules.ts), so a miss renders complete for the cache (else it streams). */
export function isCachedRoute(path: string): boolean {
  return matched.get(path, () => {
    const handle: unknown = matchRoutes(routeTable, path)?.at(-1)?.route.handle;
    return isRouteHandle(handle) && pageFacts(handle.page).cache !== undefined;
  });
}

/** What a finished render tells about itself. */
export interface RenderedPage {
  /** The matched route ids, outermost first. */
  routeIds: readonly string[];
  params: Readonly<Record<string, string | undefined>>;
  /** The author of the article shown, when it is an article page. */
  articleAuthor: string | null;
  /** A part failed to render (an error boundary, the render timeout): never kept. */
  failed: boolean;
}

/** What a cached page depends on, before the database fills in ids and expiries. */
export interface PageDependencies {
  keys: ContentKey[];
  /** Authors whose membership expiry ends the page. */
  authors: string[];
  /** The booklet whose owner's expiry ends the page too. */
  booklet: string | null;
  /** The article (its slug) whose author's page views each served copy counts. */
  viewsOf: string | null;
}

/** What each kind of cached page (its `cache`, client/routing/pageModules.ts) depends on; null when its params do not say. */
const DEPENDENCIES: Record<CachedContent, (page: RenderedPage) => PageDependencies | null> = {
  // The home feed and discovery show the same feed.
  feed: () => ({ keys: ['feed'], authors: [], booklet: null, viewsOf: null }),
  article: ({ params, articleAuthor }) => {
    const slug = params.slug;
    if (!slug || !articleAuthor) return null;
    return { keys: [`article:${slug}`, `author:${articleAuthor}`], authors: [articleAuthor], booklet: null, viewsOf: slug };
  },
  column: ({ params }) => {
    const username = columnUsername(params.column ?? '');
    if (!username) return null;
    return { keys: [`author:${username}`], authors: [username], booklet: null, viewsOf: null };
  },
  booklet: ({ params }) => {
    const slug = params.slug;
    if (!slug) return null;
    return { keys: [`booklet:${slug}`], authors: [], booklet: slug, viewsOf: null };
  },
};

/**
 * What a page anonymous readers get from the cache (docs/design.md §3) depends on, by what its
 * declaration says it shows. A failed render or any other page: null.
 */
export function pageDependencies(page: RenderedPage): PageDependencies | null {
  if (page.failed) return null;
  const leaf = page.routeIds.at(-1);
  const shows = leaf !== undefined && isPageName(leaf) ? pageFacts(leaf).cache : undefined;
  return shows === undefined ? null : DEPENDENCIES[shows](page);
}
