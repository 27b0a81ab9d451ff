import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { BookletTrashStatus, ManagedBooklet, ManagedBookletItem } from '../../../shared/bookletManagement';
import type { BookletSalesMode, EditorArticleListItem } from '../../../shared/entities';
import { parseBookletPrice } from '../../../shared/price';
import { bookletManagementApi, type BookletFormFields } from '../../api/bookletManagement';
import { firstErrorMessage, ApiRequestError } from '../../api/client';
import { bookletOverviewPath } from '../../components/BookletLinks';
import { editorArticlesApi } from '../../api/editorArticles';
import type { EditorDeps } from '../EditorDeps';
import { bookletTexts, type BookletTextKey, type BookletTranslate } from './texts';
import { articleIdsIn, dropTarget, findItem, moveNode, stepTarget, toOrderTree, type DropPlace, type TreeTarget } from './treeMoves';

/** What is being edited (docs/specification/content-and-commerce.md §2): a booklet's form (id null: a new one), a directory's title, or a new directory under a parent (id null: the top). */
export type BookletEditing = { type: 'booklet' | 'directory' | 'newDirectory'; id: number | null };

/** The add-existing-article dialog, tied to a booklet and a directory (null: the top level). */
export interface ArticlePicker {
  bookletId: number;
  parentId: number | null;
}

export interface PendingConfirmation {
  text: string;
  ok: string;
  answer: (yes: boolean) => void;
}

/** The form as the author left it; the cover only when a new file was chosen. */
export interface BookletDraft {
  name: string;
  heading: string;
  description: string;
  /** Yuan ('20.50'); '0' is free: its paid chapters then read free. */
  price: string;
  cover: File | null;
}

const PICKER_FIELDS = ['id', 'slug', 'title', 'modified'] as const;

/**
 * The booklets panel of the editor (docs/specification/content-and-commerce.md §2, §4): the owner's booklets (ids plus a data
 * map, paged by the API's next link), the selected booklet with its tree and selected item,
 * the editing state, the add-existing-article dialog, and the trash.
 */
export class BookletManagerStore {
  readonly t: BookletTranslate;
  ids: number[] = [];
  data: ReadonlyMap<number, ManagedBooklet> = new Map();
  meta: { count: number; next: string | null } = { count: 0, next: null };
  fetching = false;
  loaded = false;
  trashStatus: BookletTrashStatus = 'not_in_trash';

  selectedBookletId: number | null = null;
  selectedItemId: number | null = null;
  editing: BookletEditing | null = null;
  detail: ManagedBooklet | null = null;
  detailLoading = false;
  /** A form or item call is on its way: its buttons wait. */
  busy = false;

  picker: ArticlePicker | null = null;
  pickerArticles: Pick<EditorArticleListItem, 'id' | 'slug' | 'title' | 'modified'>[] = [];
  pickerNext: string | null = null;
  pickerLoading = false;
  pickerLoaded = false;

  confirmation: PendingConfirmation | null = null;

  private listGeneration = 0;
  private detailGeneration = 0;

  constructor(readonly deps: EditorDeps) {
    this.t = bookletTexts(deps.locale);
    makeObservable<BookletManagerStore, 'clearList'>(this, {
      ids: observableRef,
      data: observableRef,
      meta: observableRef,
      fetching: observable,
      loaded: observable,
      trashStatus: observable,
      selectedBookletId: observable,
      selectedItemId: observable,
      editing: observableRef,
      detail: observableRef,
      detailLoading: observable,
      busy: observable,
      picker: observableRef,
      pickerArticles: observableRef,
      pickerNext: observable,
      pickerLoading: observable,
      pickerLoaded: observable,
      confirmation: observableRef,
      clearList: action,
      startEditing: action,
      stopEditing: action,
      selectItem: action,
      back: action,
      closePicker: action,
    });
  }

  /** The booklets of the list, in order. */
  get booklets(): ManagedBooklet[] {
    return this.ids.flatMap((id) => {
      const booklet = this.data.get(id);
      return booklet ? [booklet] : [];
    });
  }

  get finished(): boolean {
    return this.loaded && this.meta.next === null;
  }

  /** The selected booklet's tree, or an empty one. */
  get tree(): ManagedBookletItem[] {
    return this.detail?.detail ?? [];
  }

  /** The next page of the list; skipped while one is on its way or when there is no next link (docs/specification/content-and-commerce.md §4). */
  async fetchList(): Promise<void> {
    if (this.fetching || this.finished) return;
    const generation = this.listGeneration;
    runInAction(() => (this.fetching = true));
    try {
      const page = await bookletManagementApi.list(this.deps.api, this.trashStatus, this.meta.next ?? undefined);
      if (generation !== this.listGeneration) return;
      runInAction(() => {
        const data = new Map(this.data);
        const fresh = page.results.filter((booklet) => !data.has(booklet.id));
        for (const booklet of page.results) data.set(booklet.id, booklet);
        this.data = data;
        this.ids = [...this.ids, ...fresh.map((booklet) => booklet.id)];
        this.meta = { count: page.count, next: page.next };
        this.loaded = true;
      });
    } catch (error) {
      if (generation === this.listGeneration) this.fail('listFailed', error);
    } finally {
      if (generation === this.listGeneration) runInAction(() => (this.fetching = false));
    }
  }

  /** Clears the list and its data, then loads the first page again. */
  reFetch(): Promise<void> {
    this.clearList();
    return this.fetchList();
  }

  /** Between the live booklets and the trash. */
  async showTrash(trash: boolean): Promise<void> {
    const status: BookletTrashStatus = trash ? 'in_trash' : 'not_in_trash';
    if (status === this.trashStatus && this.loaded) return;
    runInAction(() => (this.trashStatus = status));
    this.back();
    await this.reFetch();
  }

  startEditing(editing: BookletEditing): void {
    this.editing = editing;
  }

  stopEditing(): void {
    this.editing = null;
  }

  selectItem(id: number | null): void {
    this.selectedItemId = id;
  }

  /** Back from a booklet to the list. */
  back(): void {
    this.detailGeneration++;
    this.selectedBookletId = null;
    this.selectedItemId = null;
    this.detail = null;
    this.detailLoading = false;
    this.editing = null;
    this.picker = null;
  }

  /** Opens a booklet: its tree loads. */
  async select(id: number): Promise<void> {
    runInAction(() => {
      this.selectedBookletId = id;
      this.selectedItemId = null;
      this.editing = null;
      this.detail = this.data.get(id) ?? null;
    });
    await this.loadDetail();
  }

  /** Loads the selected booklet with its tree (chapters of trashed articles left out). */
  async loadDetail(): Promise<void> {
    const id = this.selectedBookletId;
    if (id === null) return;
    const generation = ++this.detailGeneration;
    runInAction(() => (this.detailLoading = true));
    try {
      const booklet = await bookletManagementApi.detail(this.deps.api, id);
      if (generation !== this.detailGeneration) return;
      runInAction(() => {
        this.detail = booklet;
        this.remember(booklet);
      });
    } catch (error) {
      if (generation === this.detailGeneration) this.fail('detailFailed', error);
    } finally {
      if (generation === this.detailGeneration) runInAction(() => (this.detailLoading = false));
    }
  }

  /** Creates a booklet from the form; the new one joins the top of the list and opens. True when it worked. */
  async createBooklet(draft: BookletDraft): Promise<boolean> {
    if (draft.name.trim() === '') {
      this.deps.tips.push({ text: this.t('nameRequired'), kind: 'error' });
      return false;
    }
    if (!this.validPrice(draft.price)) return false;
    const booklet = await this.whileBusy('createFailed', () =>
      bookletManagementApi.create(this.deps.api, {
        name: draft.name,
        heading: draft.heading,
        description: draft.description,
        price: draft.price.trim(),
        cover: draft.cover,
      }),
    );
    if (!booklet) return false;
    runInAction(() => {
      if (this.trashStatus === 'not_in_trash') {
        this.remember(booklet);
        this.ids = [booklet.id, ...this.ids.filter((id) => id !== booklet.id)];
        this.meta = { ...this.meta, count: this.meta.count + 1 };
      }
      this.editing = null;
    });
    this.deps.tips.push({ text: this.t('created'), kind: 'success' });
    await this.select(booklet.id);
    return true;
  }

  /** The booklet price rule of the server (shared/price.ts), told at once. */
  private validPrice(price: string): boolean {
    if (parseBookletPrice(price) !== null) return true;
    this.deps.tips.push({ text: this.t('priceInvalid'), kind: 'error' });
    return false;
  }

  /** Saves only what changed in the form, and the cover only when a new file was chosen (docs/specification/content-and-commerce.md §5). */
  async updateBooklet(id: number, draft: BookletDraft): Promise<boolean> {
    const current = this.data.get(id) ?? (this.detail?.id === id ? this.detail : null);
    const fields: BookletFormFields = {};
    if (!current || draft.name !== current.name) fields.name = draft.name;
    if (!current || draft.heading !== current.heading) fields.heading = draft.heading;
    if (!current || draft.description !== current.description) fields.description = draft.description;
    if (!current || parseBookletPrice(draft.price) !== parseBookletPrice(current.price)) fields.price = draft.price.trim();
    if (draft.cover) fields.cover = draft.cover;
    if (fields.name !== undefined && fields.name.trim() === '') {
      this.deps.tips.push({ text: this.t('nameRequired'), kind: 'error' });
      return false;
    }
    if (fields.price !== undefined && !this.validPrice(fields.price)) return false;
    if (Object.keys(fields).length === 0) {
      this.stopEditing();
      return true;
    }
    const booklet = await this.whileBusy('updateFailed', () => bookletManagementApi.update(this.deps.api, id, fields));
    if (!booklet) return false;
    runInAction(() => {
      this.remember(booklet);
      if (this.selectedBookletId === id) this.detail = booklet;
      this.editing = null;
    });
    this.deps.tips.push({ text: this.t('saved'), kind: 'success' });
    return true;
  }

  /** To the trash (or, from the trash, for good) after the author confirms; then the list reloads. */
  async deleteBooklet(id: number): Promise<void> {
    const booklet = this.data.get(id) ?? this.detail;
    const name = booklet?.name ?? '';
    const forGood = booklet?.trashed ?? false;
    const yes = await this.confirm(this.t(forGood ? 'confirmDeleteForGood' : 'confirmDelete', { name }), this.t(forGood ? 'deleteForGood' : 'delete'));
    if (!yes) return;
    const done = await this.whileBusy('deleteFailed', async () => {
      await bookletManagementApi.remove(this.deps.api, id);
      return true;
    });
    if (!done) return;
    if (!forGood) this.deps.tips.push({ text: this.t('movedToTrash'), kind: 'success' });
    if (this.selectedBookletId === id) this.back();
    await this.reFetch();
  }

  async restoreBooklet(id: number): Promise<void> {
    const restored = await this.whileBusy('restoreFailed', () => bookletManagementApi.restore(this.deps.api, id));
    if (!restored) return;
    this.deps.tips.push({ text: this.t('restored'), kind: 'success' });
    if (this.selectedBookletId === id) this.back();
    await this.reFetch();
  }

  /**
   * Moves an item: the tree changes here first, then the new order goes to the server, then
   * the detail reloads (docs/specification/content-and-commerce.md §4). A refused move reloads the server's tree.
   */
  async moveItem(itemId: number, target: TreeTarget): Promise<void> {
    const booklet = this.detail;
    if (!booklet) return;
    const tree = moveNode(this.tree, itemId, target);
    if (!tree) return;
    runInAction(() => {
      this.detail = { ...booklet, detail: tree };
      this.selectedItemId = itemId;
    });
    try {
      await bookletManagementApi.reorder(this.deps.api, booklet.id, toOrderTree(tree));
    } catch (error) {
      this.fail('orderFailed', error);
    }
    await this.loadDetail();
  }

  /** A drop of one item on another (before, after, or inside a directory). */
  drop(draggedId: number, overId: number, place: DropPlace): Promise<void> {
    const target = dropTarget(this.tree, draggedId, overId, place);
    return target ? this.moveItem(draggedId, target) : Promise.resolve();
  }

  /** A drop on the end of the top level, or of a directory's list. */
  dropAtEnd(draggedId: number, parentId: number | null): Promise<void> {
    const siblings = parentId === null ? this.tree : (findItem(this.tree, parentId)?.children ?? []);
    return this.moveItem(draggedId, { parentId, index: siblings.filter((node) => node.id !== draggedId).length });
  }

  /** The "Move to" list: to the end of a directory (null: the top level). */
  moveInto(itemId: number, parentId: number | null): Promise<void> {
    return this.dropAtEnd(itemId, parentId);
  }

  /** The keyboard's way to reorder: one place up or down among the siblings. */
  step(itemId: number, delta: -1 | 1): Promise<void> {
    const target = stepTarget(this.tree, itemId, delta);
    return target ? this.moveItem(itemId, target) : Promise.resolve();
  }

  async addDirectory(parentId: number | null, title: string): Promise<boolean> {
    const booklet = this.detail;
    if (!booklet || title.trim() === '') return false;
    const item = await this.whileBusy('itemFailed', () =>
      bookletManagementApi.addItem(this.deps.api, booklet.id, { type: 'directory', title: title.trim(), parent_id: parentId }),
    );
    if (!item) return false;
    runInAction(() => {
      this.editing = null;
      this.selectedItemId = item.id;
    });
    await this.loadDetail();
    return true;
  }

  async renameDirectory(itemId: number, title: string): Promise<boolean> {
    const booklet = this.detail;
    if (!booklet || title.trim() === '') return false;
    const item = await this.whileBusy('itemFailed', () => bookletManagementApi.updateItem(this.deps.api, booklet.id, itemId, { title: title.trim() }));
    if (!item) return false;
    runInAction(() => (this.editing = null));
    await this.loadDetail();
    return true;
  }

  /** A chapter free or behind the paywall. */
  async setSalesMode(itemId: number, salesMode: BookletSalesMode): Promise<void> {
    const booklet = this.detail;
    if (!booklet) return;
    const item = await this.whileBusy('itemFailed', () => bookletManagementApi.updateItem(this.deps.api, booklet.id, itemId, { sales_mode: salesMode }));
    if (item) await this.loadDetail();
  }

  /** Takes an item (and what is under it) out of the booklet after the author confirms; the articles stay. */
  async removeItem(item: ManagedBookletItem): Promise<void> {
    const booklet = this.detail;
    if (!booklet) return;
    if (!(await this.confirm(this.t('confirmRemoveItem', { title: item.detail.title }), this.t('remove')))) return;
    const done = await this.whileBusy('itemFailed', async () => {
      await bookletManagementApi.removeItem(this.deps.api, booklet.id, item.id);
      return true;
    });
    if (!done) return;
    if (this.selectedItemId === item.id) this.selectItem(null);
    await this.loadDetail();
  }

  /** Opens the add-existing-article dialog for a directory (null: the top level) of the selected booklet. */
  async openPicker(parentId: number | null): Promise<void> {
    const booklet = this.detail;
    if (!booklet) return;
    runInAction(() => {
      this.picker = { bookletId: booklet.id, parentId };
      this.pickerArticles = [];
      this.pickerNext = null;
      this.pickerLoaded = false;
    });
    await this.loadPickerArticles();
  }

  closePicker(): void {
    this.picker = null;
  }

  /** The author's articles for the dialog, a page at a time. */
  async loadPickerArticles(): Promise<void> {
    if (!this.picker || this.pickerLoading || (this.pickerLoaded && this.pickerNext === null)) return;
    const picker = this.picker;
    runInAction(() => (this.pickerLoading = true));
    try {
      const page = await editorArticlesApi.list(
        this.deps.api,
        { trash: false, page: this.pickerNext ? undefined : 1, pageSize: 20, fields: PICKER_FIELDS },
        this.pickerNext ?? undefined,
      );
      if (picker !== this.picker) return;
      runInAction(() => {
        const known = new Set(this.pickerArticles.map((article) => article.id));
        this.pickerArticles = [...this.pickerArticles, ...page.results.filter((article) => !known.has(article.id))];
        this.pickerNext = page.next;
        this.pickerLoaded = true;
      });
    } catch (error) {
      this.fail('articlesFailed', error);
    } finally {
      runInAction(() => (this.pickerLoading = false));
    }
  }

  /** Whether an article is already a chapter of the selected booklet. */
  hasArticle(articleId: number): boolean {
    return articleIdsIn(this.tree).has(articleId);
  }

  /** Adds an article of the dialog at the end of its directory; the dialog stays open for more. */
  async addArticle(articleId: number): Promise<boolean> {
    const picker = this.picker;
    if (!picker || this.hasArticle(articleId)) return false;
    const item = await this.whileBusy('itemFailed', () =>
      bookletManagementApi.addItem(this.deps.api, picker.bookletId, { type: 'article', article_id: articleId, parent_id: picker.parentId }),
    );
    if (!item) return false;
    await this.loadDetail();
    return true;
  }

  /** Asks the author; the panel shows the question. */
  confirm(text: string, ok: string): Promise<boolean> {
    this.confirmation?.answer(false);
    return new Promise((resolve) => {
      runInAction(() => {
        this.confirmation = {
          text,
          ok,
          answer: (yes) => {
            runInAction(() => (this.confirmation = null));
            resolve(yes);
          },
        };
      });
    });
  }

  /** The reader's address of a booklet. */
  readLink(booklet: Pick<ManagedBooklet, 'slug'>): string {
    return bookletOverviewPath(booklet.slug);
  }

  private clearList(): void {
    this.listGeneration++;
    this.ids = [];
    this.data = new Map();
    this.meta = { count: 0, next: null };
    this.loaded = false;
    this.fetching = false;
  }

  private remember(booklet: ManagedBooklet): void {
    const { detail: _tree, ...summary } = booklet;
    const data = new Map(this.data);
    data.set(booklet.id, summary);
    this.data = data;
  }

  private async whileBusy<T>(failure: BookletTextKey, call: () => Promise<T>): Promise<T | null> {
    runInAction(() => (this.busy = true));
    try {
      return await call();
    } catch (error) {
      this.fail(failure, error);
      return null;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  private fail(key: BookletTextKey, error: unknown): void {
    const message = error instanceof ApiRequestError ? error.message : firstErrorMessage(error) || String(error);
    this.deps.tips.push({ text: this.t(key, { message }), kind: 'error' });
  }
}
