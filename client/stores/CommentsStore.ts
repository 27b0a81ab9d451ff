import { observableRef, runInAction } from 'mobx';
import { makeStoreObservable } from './observable';
import { COMMENT_MAX_LENGTH, type CommentItem } from '../../shared/entities';
import type { ApiClient } from '../api/client';
import { commentsApi } from '../api/comments';
import { PagedList } from './PagedList';
import { byLink } from './pageSource';

/** docs/specification/content-and-commerce.md §5: a comment is cut to its first 140 characters on submit. */
export function cutComment(text: string): string {
  return [...text.trim()].slice(0, COMMENT_MAX_LENGTH).join('');
}

/**
 * An article's comments (docs/specification/content-and-commerce.md §3 commentData: count, next,
 * results, fetching), a `PagedList` following the API's next links. Another article starts a list
 * of its own; what arrives late for the one before lands in that dropped list.
 */
export class CommentsStore {
  /** The article asked for last, and its list (empty until its first page arrives). */
  private article: { readonly slug: string; readonly list: PagedList<CommentItem> } | null = null;

  constructor(private readonly api: ApiClient) {
    makeStoreObservable<CommentsStore, 'article'>(this, { article: observableRef });
  }

  /** The article whose comments are shown: none until its first page has arrived. */
  get slug(): string | null {
    return this.article?.list.loaded ? this.article.slug : null;
  }

  get count(): number {
    return this.article?.list.count ?? 0;
  }

  get next(): string | null {
    return this.article?.list.next ?? null;
  }

  get results(): CommentItem[] {
    return this.article?.list.items ?? [];
  }

  /** The fetching lock: one request at a time. */
  get fetching(): boolean {
    return this.article?.list.loading ?? false;
  }

  get finished(): boolean {
    return this.slug !== null && this.next === null;
  }

  /** The first page of an article's comments (again when it is another article). */
  async load(slug: string): Promise<void> {
    const known = this.article;
    if (known?.slug === slug) {
      // Shown, or on its way; else its first page failed and is asked for again.
      if (!known.list.loaded && !known.list.loading) await known.list.loadFirst();
      return;
    }
    const article = { slug, list: new PagedList(byLink((next) => commentsApi.list(this.api, slug, next))) };
    runInAction(() => (this.article = article));
    await article.list.loadFirst();
  }

  async loadMore(): Promise<void> {
    const list = this.article?.list;
    if (list?.loaded) await list.loadMore();
  }

  /** Posts a comment or a reply, cut to 140 characters; the new one shows once the server has it. */
  async add(slug: string, text: string, parent: number | null): Promise<void> {
    const cut = cutComment(text);
    if (!cut) return;
    const created = await commentsApi.add(this.api, slug, cut, parent);
    if (this.slug !== slug) return;
    const list = this.article?.list;
    if (!list) return;
    if (parent === null) {
      list.prepend(created);
      return;
    }
    const thread = list.items.find((c) => c.id === parent || c.replies.some((r) => r.id === parent));
    if (thread) list.update(thread.id, (c) => ({ ...c, replies: [...c.replies, created] }));
  }
}
