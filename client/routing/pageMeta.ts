import type { ArticleDetail } from '../../shared/entities';
import { articlePath, bookletPath, canonicalPathname, columnFeedPath, PAYWALL_SELECTOR, plainTextExcerpt, type PageMeta } from '../../shared/seoMeta';
import type { ColumnOwner } from '../api/columns';
import type { EnvStore } from '../stores/EnvStore';

/**
 * What the page loaders tell search engines and link previews about their page
 * (`stores.ui.setPageMeta(...)`); the server writes it into the head.
 */

/** An article page: schema.org Article by its author; described by its own summary or its opening. */
export function articlePageMeta(request: Request, article: ArticleDetail, env: Pick<EnvStore, 't'>): PageMeta {
  // A locked paid chapter comes without its content; nothing about it is derived from what is sold.
  const locked = article.paywall ?? null;
  const description = locked ? '' : article.description.trim() || plainTextExcerpt(article.content);
  return {
    path: new URL(request.url).pathname,
    title: article.title.trim() || env.t('screen.article.title'),
    ...(description ? { description } : {}),
    canonicalPath: articlePath(article.slug),
    ...(article.cover_url ? { image: article.cover_url } : {}),
    type: 'article',
    published: article.created,
    modified: article.modified,
    author: { name: article.author.username, path: article.author.column, ...(article.author.avatar ? { image: article.author.avatar } : {}) },
    language: article.language,
    structured: locked
      ? {
          type: 'Article',
          paywall: { cssSelector: PAYWALL_SELECTOR },
          partOf: { name: locked.booklet.name, path: bookletPath(locked.booklet.slug) },
        }
      : { type: 'Article' },
  };
}

/** A column page (any tab): the author's profile, with their RSS feed. */
export function columnPageMeta(request: Request, owner: ColumnOwner, env: Pick<EnvStore, 't'>): PageMeta {
  const pathname = new URL(request.url).pathname;
  const tab = /\/(articles|collections)\/?$/.exec(pathname)?.[1];
  const name = owner.username;
  return {
    path: pathname,
    title: env.t('screen.column.intro', { name }),
    description: owner.description.trim() || env.t('seo.column.description', { name }),
    canonicalPath: canonicalPathname(tab ? `${owner.column}${tab}` : owner.column),
    ...(owner.avatar ? { image: owner.avatar } : {}),
    type: 'profile',
    author: {
      name,
      path: owner.column,
      ...(owner.avatar ? { image: owner.avatar } : {}),
      ...(owner.description ? { description: owner.description } : {}),
    },
    feed: { title: env.t('seo.column.feed', { name }), path: columnFeedPath(name) },
    structured: { type: 'ProfilePage' },
  };
}
