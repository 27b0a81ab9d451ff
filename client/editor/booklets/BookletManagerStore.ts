import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { BookletTrashStatus, ManagedBooklet, ManagedBookletItem } from '../../../shared/bookletManagement';
import type { BookletSalesMode, EditorArticleListItem } from '../../../shared/entities';
import { parseBookletPrice } from '../../../shared/price';
import { bookletManagementApi, type BookletFormFields } from '../../api/bookletManagement';
import { firstErrorMessage, ApiRequestError } from '../../api/client';
import { bookletOverviewPath } from '../../components/BookletLinks';
import { editorArticlesApi } from '../../api/editorArticles';
import type { PagedList } from '../../stores/PagedList';
import type { PageStoreKit } from '../../stores/pageStore';
import { byLink } from '../../stores/pageSource';
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

/** An article of the add-existing-article dialog. */
export type PickerArticle = Pick<EditorArticleListItem, 'id' | 'slug' | 'title' | 'modified'>;

/**
 * The booklets panel of the editor (docs/specification/content-and-commerce.md §2, §4): the owner's booklets (ids plus a data
 * map and `meta`, read from a `PagedList` following the API's next link), the selected booklet
 * with its tree and selected item, the editing state, the add-existing-article dialog (a
 * `PagedList` of its own), and the trash. A reload starts a new, empty list; a page still on
 * its way for the one before is dropped.
 */
export class BookletManagerStore {
  readonly t: BookletTranslate;
  trashStatus: BookletTrashStatus = 'not_in_trash';
  private list: PagedList<ManagedBooklet>;

  selectedBookletId: number | null = null;
  selectedItemId: number | null = null;
  editing: BookletEditing | null = null;
  detail: ManagedBooklet | null = null;
  detailLoading = false;
  /** A form or item call is on its way: its buttons wait. */
  busy = false;

  picker: ArticlePicker | null = null;
  private pickerList: PagedList<PickerArticle>;

  confirmation: PendingConfirmation | null = null;

  private detailGeneration = 0;

  constructor(
    readonly deps: EditorDeps,
    /** Makes the `PagedList`s (`stores.pages`: the editor's chunk imports no entry module that imports MobX, decision 032). */
    private readonly lists: Pick<PageStoreKit, 'list'>,
  ) {
    this.t = bookletTexts(deps.locale);
    this.list = this.newList();
    this.pickerList = this.newPickerList();
    makeObservable<BookletManagerStore, 'list' | 'pickerList'>(this, {
      list: observableRef,
      pickerList: observableRef,
      trashStatus: observable,
      selectedBookletId: observable,
      selectedItemId: observable,
      editing: observableRef,
      detail: observableRef,
      detailLoading: observable,
      busy: observable,
      picker: observableRef,
      confirmation: observableRef,
      startEditing: action,
      stopEditing: action,
      selectItem: action,
      back: action,
      closePicker: action,
    });
  }

  /** The booklets of the list, in order. */
  get booklets(): ManagedBooklet[] {
    return this.list.items;
  }

  get ids(): number[] {
    return this.list.items.map((booklet) => booklet.id);
  }

  /** The booklets of the list by id. */
  get data(): ReadonlyMap<number, ManagedBooklet> {
    return new Map(this.list.items.map((booklet) => [booklet.id, booklet]));
  }

  get meta(): { count: number; next: string | null } {
    return { count: this.list.count, next: this.list.next };
  }

  get fetching(): boolean {
    return this.list.loading;
  }

  get loaded(): boolean {
    return this.list.loaded;
  }

  get finished(): boolean {
    return this.list.loaded && this.list.next === null;
  }

  get pickerArticles(): PickerArticle[] {
    return this.pickerList.items;
  }

  get pickerNext(): string | null {
    return this.pickerList.next;
  }

  get pickerLoading(): boolean {
    return this.pickerList.loading;
  }

  get pickerLoaded(): boolean {
    return this.pickerList.loaded;
  }

  /** The selected booklet's tree, or an empty one. */
  get tree(): ManagedBookletItem[] {
    return this.detail?.detail ?? [];
  }

  /** The next page of the list; skipped while one is on its way or when there is no next link (docs/specification/content-and-commerce.md §4). */
  async fetchList(): Promise<void> {
    const list = this.list;
    if (list.loading || this.finished) return;
    try {
      await (list.loaded ? list.loadMore() : list.loadFirst());
    } catch (error) {
      if (list === this.list) this.fail('listFailed', error);
    }
  }

  /** Clears the list and its data, then loads the first page again. */
  reFetch(): Promise<void> {
    const list = this.newList();
    runInAction(() => (this.list = list));
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
      this.detail = this.listed(id) ?? null;
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
      if (this.trashStatus === 'not_in_trash') this.list.prepend(summaryOf(booklet));
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
    const current = this.listed(id) ?? (this.detail?.id === id ? this.detail : null);
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
    const booklet = this.listed(id) ?? this.detail;
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
    const list = this.newPickerList();
    runInAction(() => {
      this.picker = { bookletId: booklet.id, parentId };
      this.pickerList = list;
    });
    await this.loadPickerArticles();
  }

  closePicker(): void {
    this.picker = null;
  }

  /** The author's articles for the dialog, a page at a time. */
  async loadPickerArticles(): Promise<void> {
    const list = this.pickerList;
    if (!this.picker || list.loading || (list.loaded && list.next === null)) return;
    try {
      await (list.loaded ? list.loadMore() : list.loadFirst());
    } catch (error) {
      this.fail('articlesFailed', error);
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

  /** The booklets of the list, or of the trash, as `trashStatus` says now. */
  private newList(): PagedList<ManagedBooklet> {
    const status = this.trashStatus;
    return this.lists.list(byLink((next) => bookletManagementApi.list(this.deps.api, status, next)));
  }

  /** The dialog's list: the author's live articles, 20 a page. */
  private newPickerList(): PagedList<PickerArticle> {
    return this.lists.list(
      byLink((next) => editorArticlesApi.list(this.deps.api, { trash: false, page: next ? undefined : 1, pageSize: 20, fields: PICKER_FIELDS }, next)),
    );
  }

  /** The booklet of the list with this id. */
  private listed(id: number): ManagedBooklet | undefined {
    return this.list.items.find((booklet) => booklet.id === id);
  }

  /** A booklet read again (its detail, a saved form) shows in the list where it stands, without its tree. */
  private remember(booklet: ManagedBooklet): void {
    this.list.update(booklet.id, () => summaryOf(booklet));
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

/** A booklet as the list holds it: without its tree. */
function summaryOf(booklet: ManagedBooklet): ManagedBooklet {
  const { detail: _tree, ...summary } = booklet;
  return summary;
}
