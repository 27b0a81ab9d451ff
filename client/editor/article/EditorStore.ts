import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { EditableArticle, EditableArticleInput, SharedMark } from '../../../shared/entities';
import { ApiRequestError } from '../../api/client';
import { conflictingArticle } from '../../api/editorArticles';
import type { EditorTranslate } from '../texts';
import type { TipsStore } from '../tips/TipsStore';
import { ERROR_TIP_TIMEOUT_MS } from '../tips/TipsStore';
import type { DraftFields, LocalDraft, LocalDraftStore } from './LocalDraftStore';

/** docs/specification/content-and-commerce.md §9: autosave 7 s after the last change. */
export const AUTOSAVE_DELAY_MS = 7000;
/** Retries of a save that could not reach the server: 2 s, doubling, at most a minute apart. */
export const RETRY_FIRST_MS = 2000;
export const RETRY_MAX_MS = 60_000;

/** docs/specification/content-and-commerce.md §4: null, then modified (any change), then saving, then null again. */
export type SaveStatus = null | 'modified' | 'saving';
/** Why the last save did not reach the server; the work is kept on the device meanwhile. */
export type SaveProblem = null | 'offline' | 'failed';

/** The article calls the editor makes (quiet: no progress line), with the tab's client id inside. */
export interface ArticleCalls {
  create(input: EditableArticleInput): Promise<EditableArticle>;
  get(id: number): Promise<EditableArticle>;
  /** `kind`: an autosave, or a save the author asked for (kept for ever in the history, docs/decisions/071). */
  update(id: number, input: EditableArticleInput, baseModifyDate: string | null, kind?: SaveKind): Promise<EditableArticle>;
}

export type UnsavedChoice = 'save' | 'discard' | 'cancel';
export type SaveKind = 'autosave' | 'save';

export interface EditorStoreDeps {
  calls: ArticleCalls;
  drafts: LocalDraftStore;
  tips: TipsStore;
  t: EditorTranslate;
  now: () => number;
  /** Asks the author whether to save or give up local changes before opening another article. */
  askUnsaved: () => Promise<UnsavedChoice>;
  /** Tells the author a conflict was resolved, and where their text went (id null: kept on the device). */
  onConflictCopy: (copy: { id: number | null; title: string }) => void;
  /** After the server created or changed an article (the list refreshes). */
  onSaved?: (article: EditableArticle) => void;
  randomKey?: () => string;
}

const EMPTY_FIELDS: DraftFields = { title: '', description: '', cover_url: '', content: '', theme: 'default', style: '', word_count: 0 };

/**
 * The article being edited and everything that keeps it safe: every change goes at once
 * to a local copy, autosave 7 s after the last change (only for the same article), saves
 * with the version the copy was based on, a refused save (409) kept as a conflict copy,
 * quiet retries while offline, and the update check.
 */
export class EditorStore {
  articleId: number | null = null;
  slug = '';
  fields: DraftFields = EMPTY_FIELDS;
  visibility: 'public' | 'private' = 'private';
  tags: string[] = [];
  sharedMarks: SharedMark[] = [];
  status: SaveStatus = null;
  problem: SaveProblem = null;
  /** Frozen while an article loads. */
  loading = false;
  /** Bumped on every local change. */
  revision = 0;
  /** The revision the server holds. */
  savedRevision = 0;
  /** Bumped whenever the text is replaced from outside (load, update, conflict): the editor view resets. */
  contentVersion = 0;
  /** Whether the last replacement should keep the scroll position (the update check). */
  keepScroll = false;
  /** The server's client_modify_date this copy is based on. */
  baseModifyDate: string | null = null;
  /** The time of the last local change (ISO): the version a save sends. */
  localModifyDate: string | null = null;
  tempKey: string;

  private saving = false;
  /** Hands the editor view's pending text to the store (the view batches keystrokes briefly). */
  private flushView: () => void = () => {};
  private saveAgain = false;
  /** A save the author asked for while another was on its way: the next one is theirs. */
  private askedAgain = false;
  private autosaveTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay = 0;
  private disposed = false;
  private warnedNoLocalCopy = false;

  constructor(private readonly deps: EditorStoreDeps) {
    this.tempKey = this.newKey();
    makeObservable<EditorStore, 'applyServer' | 'finishSave' | 'failSave'>(this, {
      articleId: observable,
      slug: observable,
      fields: observableRef,
      visibility: observable,
      tags: observableRef,
      sharedMarks: observableRef,
      status: observable,
      problem: observable,
      loading: observable,
      revision: observable,
      savedRevision: observable,
      contentVersion: observable,
      baseModifyDate: observable,
      localModifyDate: observable,
      tempKey: observable,
      hasUnsavedChanges: computed,
      change: action,
      markModified: action,
      applyMeta: action,
      adoptLook: action,
      applyServer: action,
      finishSave: action,
      failSave: action,
      reset: action,
    });
  }

  get hasUnsavedChanges(): boolean {
    return this.revision !== this.savedRevision;
  }

  /** A local change: written to the device at once, saved 7 s after the last one. */
  change(patch: Partial<DraftFields>): void {
    if (this.loading) return;
    this.fields = { ...this.fields, ...patch };
    this.revision++;
    this.localModifyDate = this.changeTime();
    if (this.status !== 'saving') this.status = 'modified';
    this.writeDraft();
    this.scheduleAutosave();
  }

  /** The view's way to hand over text it has not passed on yet; called before every save, switch and check. */
  setViewFlusher(flush: () => void): void {
    this.flushView = flush;
  }

  /** The view saw a keystroke it will pass on shortly: the status shows it at once. */
  markModified(): void {
    if (this.status === null && !this.loading) this.status = 'modified';
  }

  /** Hands over the view's pending text now (before unload, a save, a switch). */
  flush(): void {
    this.flushView();
  }

  /** Saves now (the save button and the unsaved-changes question: 'save'; the autosave, a retry). */
  async save(kind: SaveKind = 'autosave'): Promise<void> {
    this.flushView();
    if (this.saving) {
      this.saveAgain = true;
      if (kind === 'save') this.askedAgain = true;
      return;
    }
    if (!this.hasUnsavedChanges) return;
    this.clearTimers();
    this.saving = true;
    runInAction(() => (this.status = 'saving'));
    const sent = { revision: this.revision, id: this.articleId, tempKey: this.tempKey, input: this.input() };
    try {
      const article =
        sent.id === null ? await this.deps.calls.create(sent.input) : await this.deps.calls.update(sent.id, sent.input, this.baseModifyDate, kind);
      this.deps.drafts.clearIfConfirmed({ articleId: article.id, tempKey: sent.tempKey }, sent.input.client_modify_date ?? article.client_modify_date);
      if (this.isTarget(sent.id, sent.tempKey)) this.finishSave(article, sent.revision);
      this.deps.onSaved?.(article);
    } catch (error) {
      if (this.isTarget(sent.id, sent.tempKey)) await this.failSave(error);
    } finally {
      this.saving = false;
      if (this.saveAgain) {
        const again: SaveKind = this.askedAgain ? 'save' : 'autosave';
        this.saveAgain = false;
        this.askedAgain = false;
        if (this.hasUnsavedChanges && this.problem === null) void this.save(again);
      }
    }
  }

  /** Opens an article; with local changes, asks first. False when the author cancelled. */
  async load(id: number): Promise<boolean> {
    this.flushView();
    if (this.hasUnsavedChanges && !(await this.settleUnsaved())) return false;
    this.clearTimers();
    runInAction(() => (this.loading = true));
    try {
      const article = await this.deps.calls.get(id);
      runInAction(() => (this.loading = false));
      await this.openLoaded(article);
      return true;
    } catch (error) {
      runInAction(() => (this.loading = false));
      this.deps.tips.push({ text: this.deps.t('loadFailed', { status: statusOf(error) }), kind: 'error', timeout: ERROR_TIP_TIMEOUT_MS });
      return false;
    }
  }

  /** Starts a new, empty article; with local changes, asks first. */
  async newArticle(): Promise<boolean> {
    this.flushView();
    if (!(await this.settleUnsaved())) return false;
    this.reset();
    return true;
  }

  /**
   * The first article of a visit: the one asked for, or a new article, picking up a new
   * article's copy left on this device by a closed or crashed tab.
   */
  async start(id: number | null): Promise<void> {
    if (id !== null) {
      await this.load(id);
      return;
    }
    const leftover = this.deps.drafts.unsavedNewArticles()[0];
    if (!leftover) return;
    runInAction(() => {
      this.tempKey = leftover.tempKey;
      this.fields = pickFields(leftover);
      this.contentVersion++;
    });
    this.restoreLocal(leftover.client_modify_date);
  }

  /**
   * The update check (focus, visibility, every minute): a newer server version replaces an
   * unchanged copy, keeping the scroll position; with local changes a save resolves it.
   * Failures are ignored (docs/specification/content-and-commerce.md §8).
   */
  async checkForUpdate(): Promise<void> {
    const id = this.articleId;
    if (id === null || this.loading || this.saving) return;
    this.flushView();
    let article: EditableArticle;
    try {
      article = await this.deps.calls.get(id);
    } catch {
      return;
    }
    if (this.articleId !== id || this.saving || article.client_modify_date === this.baseModifyDate) return;
    // Keys typed while the check ran must not be replaced unseen.
    this.flushView();
    if (this.hasUnsavedChanges) await this.save();
    else this.applyServer(article, true);
  }

  /** The network is back: retry at once. */
  online(): void {
    if (this.problem === 'offline' && this.hasUnsavedChanges) {
      this.clearTimers();
      void this.save();
    }
  }

  /**
   * Visibility or tags (the publish controls): saved text first, then a PATCH naming the
   * version it is based on, holding the save lock so the two never race. False when it could
   * not be sent (no saved article, a save in the way). A refusal is thrown, once a conflict's
   * server copy is taken: what it means is the publish controls' to tell (PublishStore.fail: the
   * phone-verification prompt of docs/decisions/035-phone-verification-prompt.md, else the failed-publish tip).
   */
  async updateMeta(input: Pick<EditableArticleInput, 'visibility' | 'tags'>): Promise<boolean> {
    if (this.hasUnsavedChanges) await this.save();
    const id = this.articleId;
    if (id === null || this.saving || this.hasUnsavedChanges) return false;
    this.saving = true;
    try {
      const article = await this.deps.calls.update(id, { ...input, client_modify_date: this.changeTime() }, this.baseModifyDate);
      runInAction(() => {
        this.applyMeta(article);
        if (this.articleId === id) this.baseModifyDate = article.client_modify_date;
      });
      this.deps.onSaved?.(article);
      return true;
    } catch (error) {
      const server = conflictingArticle(error);
      if (server && this.articleId === id && !this.hasUnsavedChanges) this.applyServer(server, true);
      throw error;
    } finally {
      this.saving = false;
      if (this.saveAgain) {
        this.saveAgain = false;
        void this.save();
      }
    }
  }

  /** A new, untouched article takes the look on screen as its own, without counting as a change. */
  adoptLook(look: Pick<DraftFields, 'theme' | 'style'>): void {
    if (this.articleId !== null || this.hasUnsavedChanges) return;
    this.fields = { ...this.fields, ...look };
  }

  /** Visibility, tags, marks and the slug (a first publication names the article) changed by the publish controls (the text is not touched). */
  applyMeta(article: Pick<EditableArticle, 'slug' | 'visibility' | 'tags' | 'shared_marks'>): void {
    this.slug = article.slug;
    this.visibility = article.visibility;
    this.tags = article.tags;
    this.sharedMarks = article.shared_marks;
  }

  reset(): void {
    this.clearTimers();
    this.articleId = null;
    this.slug = '';
    this.fields = EMPTY_FIELDS;
    this.visibility = 'private';
    this.tags = [];
    this.sharedMarks = [];
    this.status = null;
    this.problem = null;
    this.baseModifyDate = null;
    this.localModifyDate = null;
    this.savedRevision = this.revision;
    this.tempKey = this.newKey();
    this.keepScroll = false;
    this.contentVersion++;
  }

  /** The page closed: no more timers (a save already started still finishes). */
  dispose(): void {
    this.disposed = true;
    this.clearTimers();
  }

  private async settleUnsaved(): Promise<boolean> {
    if (!this.hasUnsavedChanges) return true;
    const choice = await this.deps.askUnsaved();
    if (choice === 'cancel') return false;
    if (choice === 'save') await this.save('save');
    // Saved, or given up: either way the device copy is no longer needed (a failed save keeps it).
    if (choice === 'discard') this.deps.drafts.discard({ articleId: this.articleId, tempKey: this.tempKey });
    return true;
  }

  private async openLoaded(article: EditableArticle): Promise<void> {
    const draft = this.deps.drafts.forArticle(article.id);
    this.applyServer(article, false);
    if (!draft) return;
    if (sameText(draft, article)) {
      this.deps.drafts.discard(draft);
      return;
    }
    if (draft.base_modify_date === article.client_modify_date) {
      runInAction(() => {
        this.fields = pickFields(draft);
        this.contentVersion++;
      });
      this.restoreLocal(draft.client_modify_date);
      return;
    }
    // The server moved on since this copy was made: keep both.
    const copy = this.stashConflictCopy(pickFields(draft));
    this.deps.drafts.discard(draft);
    await this.sendConflictCopy(copy);
  }

  /** A device copy became the editor's text: mark it unsaved, tell the author, save it. */
  private restoreLocal(modifyDate: string): void {
    runInAction(() => {
      this.revision++;
      this.localModifyDate = this.changeTime(modifyDate);
      this.status = 'modified';
    });
    this.writeDraft();
    this.deps.tips.push({ text: this.deps.t('restoredLocal') });
    void this.save();
  }

  private applyServer(article: EditableArticle, keepScroll: boolean): void {
    this.articleId = article.id;
    this.slug = article.slug;
    this.fields = pickFields(article);
    this.visibility = article.visibility;
    this.tags = article.tags;
    this.sharedMarks = article.shared_marks;
    this.baseModifyDate = article.client_modify_date;
    this.localModifyDate = article.client_modify_date;
    this.savedRevision = this.revision;
    this.status = null;
    this.problem = null;
    this.keepScroll = keepScroll;
    this.contentVersion++;
  }

  private finishSave(article: EditableArticle, sentRevision: number): void {
    this.articleId = article.id;
    this.slug = article.slug;
    this.visibility = article.visibility;
    this.tags = article.tags;
    this.sharedMarks = article.shared_marks;
    this.baseModifyDate = article.client_modify_date;
    this.savedRevision = sentRevision;
    this.problem = null;
    this.retryDelay = 0;
    if (this.hasUnsavedChanges) {
      this.status = 'modified';
      this.writeDraft();
      this.scheduleAutosave();
    } else {
      this.status = null;
    }
  }

  private async failSave(error: unknown): Promise<void> {
    this.status = null;
    const server = conflictingArticle(error);
    if (server) {
      // Keys typed while the refused save was under way belong to the author's text too.
      this.flushView();
      const mine = this.fields;
      // The author's text goes on the device as its own copy before the article's copy is dropped.
      const copy = sameText(mine, server) ? null : this.stashConflictCopy(mine);
      this.deps.drafts.discard({ articleId: this.articleId, tempKey: this.tempKey });
      runInAction(() => this.applyServer(server, true));
      if (copy) await this.sendConflictCopy(copy);
      return;
    }
    const status = statusOf(error);
    if (status === 0) {
      // The tip once as the connection goes (docs/specification/content-and-commerce.md: 'save failed' with the status, 6 s); the retries are quiet.
      if (this.problem !== 'offline')
        this.deps.tips.push({ text: this.deps.t('saveFailed', { status: this.deps.t('noAnswer') }), kind: 'error', timeout: ERROR_TIP_TIMEOUT_MS });
      this.problem = 'offline';
      this.scheduleRetry();
      return;
    }
    this.problem = 'failed';
    this.deps.tips.push({ text: this.deps.t('saveFailed', { status }), kind: 'error', timeout: ERROR_TIP_TIMEOUT_MS });
    if (status >= 500 || status === 429) this.scheduleRetry();
  }

  /**
   * The conflict rule (docs/decisions/022): the server's copy stays the article; the
   * author's text becomes a new article '<title> (conflict copy)'. It is written to the
   * device first, so a failed call keeps it there (picked up on the next new article).
   */
  private stashConflictCopy(mine: DraftFields): LocalDraft {
    const copy: LocalDraft = {
      ...mine,
      title: `${mine.title || this.deps.t('untitled')} ${this.deps.t('conflictSuffix')}`,
      articleId: null,
      tempKey: this.newKey(),
      client_modify_date: new Date(this.deps.now()).toISOString(),
      base_modify_date: null,
    };
    this.deps.drafts.write(copy);
    return copy;
  }

  private async sendConflictCopy(copy: LocalDraft): Promise<void> {
    try {
      const created = await this.deps.calls.create({ ...pickFields(copy), client_modify_date: copy.client_modify_date });
      this.deps.drafts.clearIfConfirmed(copy, copy.client_modify_date);
      this.deps.onConflictCopy({ id: created.id, title: copy.title });
      this.deps.onSaved?.(created);
    } catch {
      this.deps.onConflictCopy({ id: null, title: copy.title });
    }
  }

  private writeDraft(): void {
    const kept = this.deps.drafts.write({
      ...this.fields,
      articleId: this.articleId,
      tempKey: this.tempKey,
      client_modify_date: this.localModifyDate ?? new Date(this.deps.now()).toISOString(),
      base_modify_date: this.baseModifyDate,
    });
    // Storage full or refused: say so once, the author can still save by hand.
    if (!kept && !this.warnedNoLocalCopy) {
      this.warnedNoLocalCopy = true;
      this.deps.tips.push({ text: this.deps.t('localCopyFailed'), kind: 'error', timeout: ERROR_TIP_TIMEOUT_MS });
    }
  }

  private input(): EditableArticleInput {
    return { ...this.fields, client_modify_date: this.localModifyDate ?? this.changeTime() };
  }

  /** Now, but always after the version the copy is based on (the server refuses older versions). */
  private changeTime(candidate?: string): string {
    const base = this.baseModifyDate ? Date.parse(this.baseModifyDate) : Number.NEGATIVE_INFINITY;
    const wanted = candidate ? Date.parse(candidate) : this.deps.now();
    return new Date(Math.max(wanted, this.deps.now(), base + 1)).toISOString();
  }

  private isTarget(id: number | null, tempKey: string): boolean {
    return id === null ? this.articleId === null && this.tempKey === tempKey : this.articleId === id;
  }

  private scheduleAutosave(): void {
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    if (this.disposed) return;
    const id = this.articleId;
    const tempKey = this.tempKey;
    this.autosaveTimer = setTimeout(() => {
      this.autosaveTimer = null;
      // docs/specification/content-and-commerce.md §4: only when the target article is still the current one.
      if (this.isTarget(id, tempKey)) void this.save();
    }, AUTOSAVE_DELAY_MS);
  }

  private scheduleRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.disposed) return;
    this.retryDelay = Math.min(RETRY_MAX_MS, this.retryDelay === 0 ? RETRY_FIRST_MS : this.retryDelay * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.save();
    }, this.retryDelay);
  }

  private clearTimers(): void {
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.autosaveTimer = null;
    this.retryTimer = null;
  }

  private newKey(): string {
    return this.deps.randomKey?.() ?? `${this.deps.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  }
}

function pickFields(source: DraftFields): DraftFields {
  return {
    title: source.title,
    description: source.description,
    cover_url: source.cover_url,
    content: source.content,
    theme: source.theme,
    style: source.style,
    word_count: source.word_count,
  };
}

function sameText(a: DraftFields, b: DraftFields): boolean {
  return a.title === b.title && a.description === b.description && a.cover_url === b.cover_url && a.content === b.content;
}

/** The status of a failed call: 0 when no answer came (offline). */
function statusOf(error: unknown): number {
  return error instanceof ApiRequestError ? error.status : 0;
}
