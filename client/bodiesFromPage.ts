import type { RootSnapshot } from './stores/RootStore';

/**
 * Puts the article or chapter body the server left out of the snapshot (decision 053) back, read
 * from the page's `[data-article-body]` (client/components/ArticleView.tsx, BookletChapterView.tsx)
 * before hydration, so it is exactly what React hydrates. A page that did not show it (an error
 * page after the loader ran) has nothing of it to hydrate: that store starts without it.
 */
export function withBodiesFromPage(snapshot: RootSnapshot): RootSnapshot {
  const { article, booklet } = snapshot;
  if (!article.bodyInPage && !booklet.bodyInPage) return snapshot;
  const body = document.querySelector('[data-article-body]')?.innerHTML ?? null;
  const restored = { ...snapshot };
  if (article.bodyInPage && article.current) {
    restored.article = body === null ? { current: null } : { current: { ...article.current, content: body }, bodyInPage: true };
  }
  if (booklet.bodyInPage && booklet.item?.detail) {
    const item = booklet.item;
    const detail = booklet.item.detail;
    restored.booklet = body === null ? { ...booklet, item: null, itemBooklet: null } : { ...booklet, item: { ...item, detail: { ...detail, content: body } } };
  }
  return restored;
}
