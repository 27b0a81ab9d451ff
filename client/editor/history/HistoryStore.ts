import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ArticleVersionDetail, ArticleVersionSummary, EditableArticle } from '../../../shared/entities';
import { editorArticlesApi } from '../../api/editorArticles';
import type { EditorDeps } from '../EditorDeps';
import { ERROR_TIP_TIMEOUT_MS } from '../tips/TipsStore';
import { historyTexts } from './texts';

export type Against = 'previous' | 'current';

export interface HistoryOptions {
  /** The article being edited, saved first so the history ends with what the author sees. */
  editor: { articleId: number | null; hasUnsavedChanges: boolean; save(kind?: 'autosave' | 'save'): Promise<void>; load(id: number): Promise<boolean> };
  confirm: (text: string, labels: { ok: string; cancel: string }) => Promise<boolean>;
}

/**
 * The editor's History panel (docs/decisions/071): the article's versions, one version's
 * text with what it added and removed against the one before it or the current text, and
 * Restore, which the server keeps as a new version.
 */
export class HistoryStore {
  open = false;
  articleId: number | null = null;
  versions: ArticleVersionSummary[] | null = null;
  selected: number | null = null;
  against: Against = 'previous';
  detail: ArticleVersionDetail | null = null;
  loading = false;
  failed = false;
  restoring = false;

  constructor(
    private readonly deps: EditorDeps,
    private readonly options: HistoryOptions,
  ) {
    makeObservable(this, {
      open: observable,
      articleId: observable,
      versions: observableRef,
      selected: observable,
      against: observable,
      detail: observableRef,
      loading: observable,
      failed: observable,
      restoring: observable,
      close: action,
      back: action,
    });
  }

  get t() {
    return historyTexts(this.deps.locale);
  }

  /** Opens the panel on the article being edited, saving its pending changes first. */
  async show(): Promise<void> {
    const { editor } = this.options;
    if (editor.hasUnsavedChanges) await editor.save();
    runInAction(() => {
      this.open = true;
      this.articleId = editor.articleId;
      this.selected = null;
      this.detail = null;
    });
    await this.refresh();
  }

  close(): void {
    this.open = false;
    this.selected = null;
    this.detail = null;
  }

  /** Back from one version to the list. */
  back(): void {
    this.selected = null;
    this.detail = null;
  }

  async refresh(): Promise<void> {
    const id = this.articleId;
    if (id === null) {
      runInAction(() => (this.versions = []));
      return;
    }
    runInAction(() => {
      this.loading = true;
      this.failed = false;
    });
    try {
      const versions = await editorArticlesApi.versions(this.deps.api, id);
      runInAction(() => (this.versions = versions));
    } catch {
      runInAction(() => (this.failed = true));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  async select(versionId: number, against: Against = this.against): Promise<void> {
    const id = this.articleId;
    if (id === null) return;
    runInAction(() => {
      this.selected = versionId;
      this.against = against;
      this.loading = true;
      this.failed = false;
    });
    try {
      const detail = await editorArticlesApi.version(this.deps.api, id, versionId, against);
      runInAction(() => {
        if (this.selected === versionId && this.against === against) this.detail = detail;
      });
    } catch {
      runInAction(() => (this.failed = true));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** Puts the selected version back after the author confirms; the editor then opens the restored text. */
  async restore(): Promise<EditableArticle | null> {
    const id = this.articleId;
    const versionId = this.selected;
    if (id === null || versionId === null || this.restoring) return null;
    const { t } = this;
    if (!(await this.options.confirm(t('restoreConfirm'), { ok: t('restore'), cancel: t('cancel') }))) return null;
    const { editor } = this.options;
    if (editor.hasUnsavedChanges) await editor.save();
    runInAction(() => (this.restoring = true));
    try {
      const article = await editorArticlesApi.restoreVersion(this.deps.api, id, versionId);
      await editor.load(article.id);
      this.deps.tips.push({ text: t('restored') });
      runInAction(() => this.close());
      return article;
    } catch {
      this.deps.tips.push({ text: t('restoreFailed'), kind: 'error', timeout: ERROR_TIP_TIMEOUT_MS });
      return null;
    } finally {
      runInAction(() => (this.restoring = false));
    }
  }
}
