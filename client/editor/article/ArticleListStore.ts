import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { EditableArticle, EditorArticleListItem } from '../../../shared/entities';
import { ApiRequestError, type ApiClient } from '../../api/client';
import { editorArticlesApi } from '../../api/editorArticles';
import type { EditorTranslate } from '../texts';
import { ERROR_TIP_TIMEOUT_MS, type TipsStore } from '../tips/TipsStore';

/** docs/specification/content-and-commerce.md §9: the editor's article list, 20 a page. */
export const ARTICLE_PAGE_SIZE = 20;
export const LIST_FIELDS = ['id', 'slug', 'title', 'modified', 'description', 'cover_url', 'shared_marks'] as const;

export interface ArticleListDeps {
  api: ApiClient;
  tips: TipsStore;
  t: EditorTranslate;
  /** Asks the author to confirm a deletion. */
  confirm: (text: string) => Promise<boolean>;
  /** An article left the live list (trashed or deleted for good). */
  onRemoved?: (id: number) => void;
}

/**
 * The author's articles in the navigation panel (GET /api/v2/articles/, 20 a page, newest
 * first), or the trash; paged by the API's next link, a fetch skipped while one runs.
 */
export class ArticleListStore {
  items: EditorArticleListItem[] = [];
  count = 0;
  next: string | null = null;
  loading = false;
  /** The first page arrived. */
  loaded = false;
  trash = false;
  private generation = 0;

  constructor(private readonly deps: ArticleListDeps) {
    makeObservable(this, {
      items: observableRef,
      count: observable,
      next: observable,
      loading: observable,
      loaded: observable,
      trash: observable,
      showTrash: action,
      upsert: action,
      refreshItem: action,
    });
  }

  get finished(): boolean {
    return this.loaded && this.next === null;
  }

  /** Starts again from the first page (after a switch between the list and the trash, or a change). */
  async reload(): Promise<void> {
    this.generation++;
    runInAction(() => {
      this.items = [];
      this.next = null;
      this.loaded = false;
      this.loading = false;
    });
    await this.loadMore();
  }

  async loadMore(): Promise<void> {
    if (this.loading || this.finished) return;
    const generation = this.generation;
    runInAction(() => (this.loading = true));
    try {
      const page = await editorArticlesApi.list(
        this.deps.api,
        { trash: this.trash, page: this.next ? undefined : 1, pageSize: ARTICLE_PAGE_SIZE, fields: LIST_FIELDS },
        this.next ?? undefined,
      );
      if (generation !== this.generation) return;
      runInAction(() => {
        const known = new Set(this.items.map((item) => item.id));
        this.items = [...this.items, ...page.results.filter((item) => !known.has(item.id))];
        this.count = page.count;
        this.next = page.next;
        this.loaded = true;
      });
    } catch (error) {
      if (generation === this.generation) {
        this.deps.tips.push({ text: this.deps.t('listFailed', { status: statusOf(error) }), kind: 'error', timeout: ERROR_TIP_TIMEOUT_MS });
      }
    } finally {
      if (generation === this.generation) runInAction(() => (this.loading = false));
    }
  }

  showTrash(trash: boolean): Promise<void> {
    if (this.trash === trash) return Promise.resolve();
    this.trash = trash;
    return this.reload();
  }

  /** A saved article goes to the top of the live list with its new title, description and marks. */
  upsert(article: EditableArticle): void {
    if (this.trash || article.trashed) return;
    const item: EditorArticleListItem = {
      id: article.id,
      slug: article.slug,
      title: article.title,
      modified: article.modified,
      description: article.description,
      cover_url: article.cover_url,
      shared_marks: article.shared_marks,
    };
    const had = this.items.some((existing) => existing.id === article.id);
    this.items = [item, ...this.items.filter((existing) => existing.id !== article.id)];
    if (!had) this.count++;
  }

  /** An article's marks or texts changed without an edit (share links): its item updates where it is. */
  refreshItem(article: EditableArticle): void {
    this.items = this.items.map((item) =>
      item.id === article.id
        ? { ...item, title: article.title, description: article.description, cover_url: article.cover_url, shared_marks: article.shared_marks }
        : item,
    );
  }

  /**
   * Deletes after confirmation: a live article goes to the trash, a trashed one is deleted
   * for good. The call names the version deleted (client_modify_date), read just before.
   */
  async remove(item: EditorArticleListItem): Promise<boolean> {
    const title = item.title || this.deps.t('untitled');
    const confirmed = await this.deps.confirm(this.deps.t(this.trash ? 'deleteForeverConfirm' : 'deleteConfirm', { title }));
    if (!confirmed) return false;
    try {
      const current = await editorArticlesApi.get(this.deps.api, item.id);
      await editorArticlesApi.remove(this.deps.api, item.id, current.client_modify_date);
    } catch (error) {
      this.deps.tips.push({ text: this.deps.t('deleteFailed', { status: statusOf(error) }), kind: 'error', timeout: ERROR_TIP_TIMEOUT_MS });
      return false;
    }
    this.drop(item.id);
    if (!this.trash) this.deps.onRemoved?.(item.id);
    return true;
  }

  /** Takes an article out of the trash. */
  async restore(item: EditorArticleListItem): Promise<boolean> {
    try {
      await editorArticlesApi.restore(this.deps.api, item.id);
    } catch (error) {
      this.deps.tips.push({ text: this.deps.t('publishFailed', { status: statusOf(error) }), kind: 'error', timeout: ERROR_TIP_TIMEOUT_MS });
      return false;
    }
    this.drop(item.id);
    return true;
  }

  private drop(id: number): void {
    runInAction(() => {
      this.items = this.items.filter((existing) => existing.id !== id);
      this.count = Math.max(0, this.count - 1);
    });
  }
}

function statusOf(error: unknown): number {
  return error instanceof ApiRequestError ? error.status : 0;
}
