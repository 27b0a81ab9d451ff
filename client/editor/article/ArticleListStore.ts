import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { EditableArticle, EditorArticleListItem } from '../../../shared/entities';
import { ApiRequestError, type ApiClient } from '../../api/client';
import { editorArticlesApi } from '../../api/editorArticles';
import type { PagedList } from '../../stores/PagedList';
import type { PageStoreKit } from '../../stores/pageStore';
import { byLink } from '../../stores/pageSource';
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
  /** Makes the `PagedList`s (`stores.pages`: the editor's chunk imports no entry module that imports MobX, decision 032). */
  lists: Pick<PageStoreKit, 'list'>;
}

/**
 * The author's articles in the navigation panel (GET /api/v2/articles/, 20 a page, newest
 * first), or the trash: a `PagedList` following the API's next link, a fetch skipped while one
 * runs. Each reload starts a new, empty list; a page still on its way for the one before is dropped.
 */
export class ArticleListStore {
  trash = false;
  private list: PagedList<EditorArticleListItem>;

  constructor(private readonly deps: ArticleListDeps) {
    this.list = this.newList();
    makeObservable<ArticleListStore, 'list'>(this, {
      list: observableRef,
      trash: observable,
      showTrash: action,
      upsert: action,
      refreshItem: action,
    });
  }

  get items(): EditorArticleListItem[] {
    return this.list.items;
  }

  get count(): number {
    return this.list.count;
  }

  get next(): string | null {
    return this.list.next;
  }

  get loading(): boolean {
    return this.list.loading;
  }

  /** The first page arrived. */
  get loaded(): boolean {
    return this.list.loaded;
  }

  get finished(): boolean {
    return this.loaded && this.next === null;
  }

  /** Starts again from the first page (after a switch between the list and the trash, or a change). */
  async reload(): Promise<void> {
    const list = this.newList();
    runInAction(() => (this.list = list));
    await this.loadMore();
  }

  /** The first page, or the next one. */
  async loadMore(): Promise<void> {
    const list = this.list;
    if (list.loading || this.finished) return;
    try {
      await (list.loaded ? list.loadMore() : list.loadFirst());
    } catch (error) {
      if (list === this.list) {
        this.deps.tips.push({ text: this.deps.t('listFailed', { status: statusOf(error) }), kind: 'error', timeout: ERROR_TIP_TIMEOUT_MS });
      }
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
    this.list.prepend(item);
  }

  /** An article's marks or texts changed without an edit (share links): its item updates where it is. */
  refreshItem(article: EditableArticle): void {
    this.list.update(article.id, (item) => ({
      ...item,
      title: article.title,
      description: article.description,
      cover_url: article.cover_url,
      shared_marks: article.shared_marks,
    }));
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
    this.list.remove(id);
  }

  /** A list of the articles or the trash, as `trash` says now. */
  private newList(): PagedList<EditorArticleListItem> {
    const trash = this.trash;
    return this.deps.lists.list(
      byLink((next) => editorArticlesApi.list(this.deps.api, { trash, page: next ? undefined : 1, pageSize: ARTICLE_PAGE_SIZE, fields: LIST_FIELDS }, next)),
    );
  }
}

function statusOf(error: unknown): number {
  return error instanceof ApiRequestError ? error.status : 0;
}
