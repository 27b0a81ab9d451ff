import type { RootSnapshot } from './stores/RootStore';

/**
 * Puts the article body the server left out of the snapshot (decision 053) back, read from the
 * page's `[data-article-body]` (client/components/ArticleView.tsx) before hydration, so it is exactly what React hydrates. A page that did not show it (an
 * error page after the article loaded) has no article to hydrate: the store starts empty.
 */
export function withArticleBodyFromPage(snapshot: RootSnapshot): RootSnapshot {
  const { article } = snapshot;
  if (!article.bodyInPage || !article.current) return snapshot;
  const body = document.querySelector('[data-article-body]');
  return { ...snapshot, article: body ? { current: { ...article.current, content: body.innerHTML }, bodyInPage: true } : { current: null } };
}
