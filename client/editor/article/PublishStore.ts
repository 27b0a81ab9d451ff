import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { PHONE_VERIFICATION_REQUIRED } from '../../../shared/constants';
import type { ArticleShareLink, EditableArticle } from '../../../shared/entities';
import { ApiRequestError, type ApiClient } from '../../api/client';
import { editorArticlesApi } from '../../api/editorArticles';
import { newsletterApi } from '../../api/newsletter';
import type { EditorTranslate } from '../texts';
import { ERROR_TIP_TIMEOUT_MS, type TipsStore } from '../tips/TipsStore';
import type { EditorStore } from './EditorStore';

export interface PublishDeps {
  api: ApiClient;
  tips: TipsStore;
  t: EditorTranslate;
  editor: Pick<EditorStore, 'articleId' | 'tags' | 'updateMeta' | 'applyMeta'>;
  /** Writes text to the clipboard. */
  copyText: (text: string) => Promise<void>;
  /** The article's marks changed (the list shows them). */
  onMarksChanged?: (article: EditableArticle) => void;
  /** The backend wants a verified phone before publishing: the phone-verification prompt opens. */
  onPhoneVerificationRequired?: () => void;
}

/** Public or private, share links (create, revoke, copy), tags. */
export class PublishStore {
  links: ArticleShareLink[] = [];
  linksFor: number | null = null;
  busy = false;
  panelOpen = false;
  /** Publishing also mails the article to the author's newsletter subscribers (docs/decisions/072); off until ticked. */
  newsletter = false;
  /** How many would get it; null until known. */
  subscribers: number | null = null;

  constructor(private readonly deps: PublishDeps) {
    makeObservable(this, {
      links: observableRef,
      linksFor: observable,
      busy: observable,
      panelOpen: observable,
      newsletter: observable,
      subscribers: observable,
      togglePanel: action,
      setNewsletter: action,
    });
  }

  setNewsletter(on: boolean): void {
    this.newsletter = on;
  }

  /** The subscriber count the Publish control shows beside its mail box. */
  async loadSubscribers(): Promise<void> {
    try {
      const { count } = await newsletterApi.subscribers(this.deps.api);
      runInAction(() => (this.subscribers = count));
    } catch {
      // Without the count the box still works: it only says nothing about how many.
    }
  }

  togglePanel(): void {
    this.panelOpen = !this.panelOpen;
    if (this.panelOpen) void this.loadLinks();
  }

  /** Publish or Unpublish; a new article's text is saved first (updateMeta), so Publish works on a draft never saved. */
  async setVisibility(visibility: 'public' | 'private'): Promise<void> {
    await this.run(async () => {
      if (!(await this.deps.editor.updateMeta({ visibility }))) {
        this.deps.tips.push({ text: this.deps.t('publishNeedsSave') });
        return;
      }
      const id = this.deps.editor.articleId;
      if (visibility !== 'public' || !this.newsletter || id === null) return;
      const { queued } = await newsletterApi.sendArticle(this.deps.api, id);
      runInAction(() => (this.newsletter = false));
      this.deps.tips.push({ text: this.deps.t('newsletterQueued', { count: queued }), kind: 'success' });
    });
  }

  async addTag(tag: string): Promise<void> {
    const clean = tag.trim().slice(0, 40);
    const tags = this.deps.editor.tags;
    if (!clean || tags.includes(clean) || !this.requireSaved()) return;
    await this.run(() => this.deps.editor.updateMeta({ tags: [...tags, clean] }).then(() => undefined));
  }

  async removeTag(tag: string): Promise<void> {
    if (!this.requireSaved()) return;
    await this.run(() => this.deps.editor.updateMeta({ tags: this.deps.editor.tags.filter((t) => t !== tag) }).then(() => undefined));
  }

  async loadLinks(): Promise<void> {
    const id = this.deps.editor.articleId;
    if (id === null) {
      runInAction(() => ((this.links = []), (this.linksFor = null)));
      return;
    }
    try {
      const links = await editorArticlesApi.shareLinks(this.deps.api, id);
      runInAction(() => ((this.links = links), (this.linksFor = id)));
    } catch (error) {
      this.fail(error);
    }
  }

  async createLink(): Promise<void> {
    const id = this.deps.editor.articleId;
    if (id === null || !this.requireSaved()) return;
    await this.run(async () => {
      const link = await editorArticlesApi.createShareLink(this.deps.api, id);
      runInAction(() => (this.links = [link, ...this.links]));
      await this.refreshMarks(id);
    });
  }

  async revokeLink(code: string): Promise<void> {
    const id = this.deps.editor.articleId;
    if (id === null) return;
    await this.run(async () => {
      await editorArticlesApi.revokeShareLink(this.deps.api, id, code);
      runInAction(() => (this.links = this.links.filter((link) => link.code !== code)));
      await this.refreshMarks(id);
    });
  }

  async copy(url: string): Promise<void> {
    try {
      await this.deps.copyText(url);
      this.deps.tips.push({ text: this.deps.t('copied'), kind: 'success' });
    } catch {
      // The link stays on screen to copy by hand.
    }
  }

  private async refreshMarks(id: number): Promise<void> {
    const article = await editorArticlesApi.get(this.deps.api, id);
    if (this.deps.editor.articleId === id) this.deps.editor.applyMeta(article);
    this.deps.onMarksChanged?.(article);
  }

  private requireSaved(): boolean {
    if (this.deps.editor.articleId !== null) return true;
    this.deps.tips.push({ text: this.deps.t('publishNeedsSave') });
    return false;
  }

  private async run(work: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    runInAction(() => (this.busy = true));
    try {
      await work();
    } catch (error) {
      this.fail(error);
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  private fail(error: unknown): void {
    const status = error instanceof ApiRequestError ? error.status : 0;
    if (status === 403 && error instanceof ApiRequestError && error.message === PHONE_VERIFICATION_REQUIRED && this.deps.onPhoneVerificationRequired) {
      this.deps.onPhoneVerificationRequired();
      return;
    }
    this.deps.tips.push({ text: this.deps.t('publishFailed', { status }), kind: 'error', timeout: ERROR_TIP_TIMEOUT_MS });
  }
}
