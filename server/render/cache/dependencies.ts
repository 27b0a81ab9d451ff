import { matchRoutes } from 'react-router-dom';
import { createRoutes } from '../../../client/routes';
import { pageFacts } from '../../../client/routing/pageModules';
import { isRouteHandle } from '../../../client/routing/pageRoute';
import { columnUsername } from '../../../shared/column';
import type { ContentKey } from '../../content/changes';

const routeTable = createRoutes(() => {
  throw new Error('the route table is only matched here, never loaded');
});

/** Paths already matched: a match tries each ranked branch of the table in turn. */
const matched = new Map<string, boolean>();
const MATCHED_PATHS = 2000;

/** Whether a path is a page declared `cached` (client/routing/pageModules.ts), so a miss renders complete for the cache (else it streams). */
export function isCachedRoute(path: string): boolean {
  let cached = matched.get(path);
  if (cached === undefined) {
    const handle: unknown = matchRoutes(routeTable, path)?.at(-1)?.route.handle;
    cached = isRouteHandle(handle) && pageFacts(handle.page).cached === true;
    if (matched.size >= MATCHED_PATHS) matched.clear();
    matched.set(path, cached);
  }
  return cached;
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

/**
 * The pages anonymous readers get from the cache (docs/design.md §3) and what each shows:
 * the home feed and discovery (the same feed), an article, a column tab, a booklet's
 * overview. Any other page: null.
 */
export function pageDependencies(page: RenderedPage): PageDependencies | null {
  if (page.failed) return null;
  const leaf = page.routeIds.at(-1);
  switch (leaf) {
    case 'home':
    case 'found':
      return { keys: ['feed'], authors: [], booklet: null, viewsOf: null };
    case 'article': {
      const slug = page.params.slug;
      if (!slug || !page.articleAuthor) return null;
      const author = page.articleAuthor;
      return { keys: [`article:${slug}`, `author:${author}`], authors: [author], booklet: null, viewsOf: slug };
    }
    case 'column-home':
    case 'column-articles':
    case 'column-collections': {
      const username = columnUsername(page.params.column ?? '');
      if (!username) return null;
      return { keys: [`author:${username}`], authors: [username], booklet: null, viewsOf: null };
    }
    case 'booklet-overview': {
      const slug = page.params.slug;
      if (!slug) return null;
      return { keys: [`booklet:${slug}`], authors: [], booklet: slug, viewsOf: null };
    }
    default:
      return null;
  }
}
