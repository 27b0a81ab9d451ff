import type { BookletDetail, BookletItemDetail } from '../../../shared/entities';
import type { PageMeta } from '../../../shared/seoMeta';
import { bookletPageMeta, chapterPageMeta } from '../../routing/pageMeta';
import type { EnvStore } from '../../stores/EnvStore';
import type { PageRequest } from '../../routing/pageModules';

/*
 * The booklet pages' titles, through the page meta of the UI store. Search and link-preview
 * meta (description, canonical, OpenGraph, JSON-LD with the paywall marked) belongs to the
 * SEO work: extend these two functions. Nothing here may come from a locked chapter's content.
 */

/** The overview: the booklet's name; a schema.org Book (client/routing/pageMeta.ts). */
export function bookletOverviewMeta(request: PageRequest, booklet: BookletDetail): PageMeta {
  return bookletPageMeta(request, booklet);
}

/** A chapter or directory ('chapter · booklet'), or the end page (not worth indexing). */
export function bookletChapterMeta(request: PageRequest, booklet: BookletDetail, item: BookletItemDetail | null, env: Pick<EnvStore, 't'>): PageMeta {
  const path = new URL(request.url).pathname;
  if (!item) return { path, title: `${env.t('booklet.end.title')} · ${booklet.name}`, type: 'website', noindex: true };
  return { ...chapterPageMeta(request, booklet, item, env), title: `${item.title} · ${booklet.name}` };
}
