import { action, observable, observableRef, runInAction } from 'mobx';
import { makeStoreObservable } from './observable';
import { COMMENT_MAX_LENGTH, type CommentItem } from '../../shared/entities';
import type { ApiClient } from '../api/client';
import { commentsApi } from '../api/comments';

/** docs/specification/content-and-commerce.md §5: a comment is cut to its first 140 characters on submit. */
export function cutComment(text: string): string {
  return [...text.trim()].slice(0, COMMENT_MAX_LENGTH).join('');
}

/** An article's comments (docs/specification/content-and-commerce.md §3 commentData: count, next, previous, results, fetching). */
export class CommentsStore {
  slug: string | null = null;
  count = 0;
  next: string | null = null;
  previous: string | null = null;
  results: CommentItem[] = [];
  /** The fetching lock: one request at a time. */
  fetching = false;

  constructor(private readonly api: ApiClient) {
    makeStoreObservable<CommentsStore, 'accept'>(this, {
      slug: observable,
      count: observable,
      next: observable,
      previous: observable,
      results: observableRef,
      fetching: observable,
      accept: action,
    });
  }

  get finished(): boolean {
    return this.slug !== null && this.next === null;
  }

  /** The first page of an article's comments (again when it is another article). */
  async load(slug: string): Promise<void> {
    if (this.fetching || this.slug === slug) return;
    await this.fetch(() => commentsApi.list(this.api, slug), slug, true);
  }

  async loadMore(): Promise<void> {
    const { next, slug } = this;
    if (this.fetching || !next || !slug) return;
    await this.fetch(() => commentsApi.list(this.api, slug, next), slug, false);
  }

  /** Posts a comment or a reply, cut to 140 characters; the new one shows once the server has it. */
  async add(slug: string, text: string, parent: number | null): Promise<void> {
    const cut = cutComment(text);
    if (!cut) return;
    const created = await commentsApi.add(this.api, slug, cut, parent);
    runInAction(() => {
      if (this.slug !== slug) return;
      if (parent === null) {
        this.results = [created, ...this.results];
        this.count += 1;
      } else {
        this.results = this.results.map((c) => (c.id === parent || c.replies.some((r) => r.id === parent) ? { ...c, replies: [...c.replies, created] } : c));
      }
    });
  }

  private async fetch(call: () => ReturnType<typeof commentsApi.list>, slug: string, first: boolean): Promise<void> {
    runInAction(() => (this.fetching = true));
    try {
      this.accept(await call(), slug, first);
    } finally {
      runInAction(() => (this.fetching = false));
    }
  }

  private accept(page: Awaited<ReturnType<typeof commentsApi.list>>, slug: string, first: boolean): void {
    const known = new Set(first ? [] : this.results.map((c) => c.id));
    this.slug = slug;
    this.count = page.count;
    this.next = page.next;
    this.previous = page.previous;
    this.results = [...(first ? [] : this.results), ...page.results.filter((c) => !known.has(c.id))];
  }
}
