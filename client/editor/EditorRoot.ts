import { reaction } from 'mobx';
import type { ApiClient } from '../api/client';
import { editorArticlesApi } from '../api/editorArticles';
import type { PageStoreKit } from '../stores/pageStore';
import { ArticleListStore } from './article/ArticleListStore';
import { EditorStore, type ArticleCalls, type UnsavedChoice } from './article/EditorStore';
import { LocalDraftStore, type DraftStorage } from './article/LocalDraftStore';
import { PublishStore } from './article/PublishStore';
import { BookletManagerStore } from './booklets/BookletManagerStore';
import { DialogStore } from './dialogs/DialogStore';
import type { EditorDeps } from './EditorDeps';
import { FormatStore } from './format/FormatStore';
import { HistoryStore } from './history/HistoryStore';
import { ImageUploadStore } from './images/ImageUploadStore';
import { LookStore } from './look/LookStore';
import { PdfExportStore } from './pdf/PdfExportStore';
import { PromptStore } from './prompts/PromptStore';
import { editorTexts, type EditorTranslate } from './texts';

export interface EditorRootOptions {
  /** A client whose failures leave the progress line alone (docs/specification/content-and-commerce.md §7: saves go without it). */
  quietApi: ApiClient;
  /** The tab's random id, sent as X-Client-Id. */
  clientId: string;
  /** Where local copies live (localStorage in the browser). */
  draftStorage: DraftStorage | null;
  copyText?: (text: string) => Promise<void>;
  /** Makes the article and booklet lists' `PagedList`s: `stores.pages` (decision 032 keeps the entry's MobX modules out of this chunk). */
  lists: Pick<PageStoreKit, 'list'>;
}

/** Every store of the editor, made from one EditorDeps per mount of the editor page. */
export class EditorRoot {
  readonly t: EditorTranslate;
  readonly dialogs = new DialogStore();
  readonly prompts: PromptStore;
  readonly editor: EditorStore;
  readonly list: ArticleListStore;
  readonly publish: PublishStore;
  readonly format: FormatStore;
  readonly look: LookStore;
  readonly images: ImageUploadStore;
  readonly pdf: PdfExportStore;
  readonly booklets: BookletManagerStore;
  readonly history: HistoryStore;
  private readonly disposers: (() => void)[] = [];

  constructor(
    readonly deps: EditorDeps,
    options: EditorRootOptions,
  ) {
    const t = editorTexts(deps.locale);
    this.t = t;
    this.prompts = new PromptStore(deps);
    this.editor = new EditorStore({
      calls: articleCalls(options.quietApi, options.clientId),
      drafts: new LocalDraftStore(options.draftStorage),
      tips: deps.tips,
      t,
      now: deps.now,
      askUnsaved: () =>
        this.dialogs.choose<UnsavedChoice>(
          t('articleModifiedConfirm'),
          [
            { value: 'cancel', label: t('cancel') },
            { value: 'discard', label: t('giveUp') },
            { value: 'save', label: t('saveFirst'), primary: true },
          ],
          'cancel',
        ),
      onConflictCopy: (copy) => {
        void this.dialogs
          .choose(
            t('conflictBody', { title: copy.title }),
            copy.id === null
              ? [{ value: 'ok', label: t('ok'), primary: true }]
              : [
                  { value: 'ok', label: t('ok') },
                  { value: 'open', label: t('openCopy'), primary: true },
                ],
            'ok',
            t('conflictTitle'),
          )
          .then((choice) => {
            if (choice === 'open' && copy.id !== null) void this.editor.load(copy.id);
          });
      },
      onSaved: (article) => this.list.upsert(article),
    });
    this.list = new ArticleListStore({
      api: options.quietApi,
      tips: deps.tips,
      t,
      confirm: (text) => this.dialogs.confirm(text, { ok: t('delete'), cancel: t('cancel') }),
      onRemoved: (id) => {
        if (this.editor.articleId === id) this.editor.reset();
      },
      lists: options.lists,
    });
    this.publish = new PublishStore({
      api: options.quietApi,
      tips: deps.tips,
      t,
      editor: this.editor,
      copyText: options.copyText ?? ((text) => navigator.clipboard.writeText(text)),
      onMarksChanged: (article) => this.list.refreshItem(article),
      onPhoneVerificationRequired: () => this.prompts.openPhoneVerify(),
    });
    this.format = new FormatStore(deps);
    this.look = new LookStore(deps);
    this.images = new ImageUploadStore(deps, {
      articleId: () => this.editor.articleId,
      onUpgrade: () => this.prompts.openUpgrade('traffic'),
    });
    this.pdf = new PdfExportStore(deps, { onUpgrade: () => this.prompts.openUpgrade('pdf') });
    this.booklets = new BookletManagerStore(deps, options.lists);
    this.history = new HistoryStore(deps, { editor: this.editor, confirm: (text, labels) => this.dialogs.confirm(text, labels) });
    this.syncTheme();
  }

  dispose(): void {
    this.editor.dispose();
    for (const dispose of this.disposers) dispose();
  }

  /** The article carries its theme and background: an opened article sets the look; a chosen look changes the article. */
  private syncTheme(): void {
    this.editor.adoptLook({ theme: this.look.theme, style: this.look.style });
    this.disposers.push(
      reaction(
        () => this.editor.contentVersion,
        () => {
          if (this.editor.articleId === null) {
            this.editor.adoptLook({ theme: this.look.theme, style: this.look.style });
            return;
          }
          this.look.setTheme(this.editor.fields.theme);
          this.look.setStyle(this.editor.fields.style);
        },
      ),
      reaction(
        () => ({ theme: this.look.theme, style: this.look.style }),
        ({ theme, style }) => {
          const fields = this.editor.fields;
          if (theme === fields.theme && style === fields.style) return;
          // An untouched new article only takes the look; anything else is an edit to save.
          if (this.editor.articleId === null && !this.editor.hasUnsavedChanges) this.editor.adoptLook({ theme, style });
          else if (!this.editor.loading) this.editor.change({ theme, style });
        },
      ),
    );
  }
}

/** The editor's article calls over the quiet client, with the tab's client id. */
export function articleCalls(api: ApiClient, clientId: string): ArticleCalls {
  return {
    create: (input) => editorArticlesApi.create(api, input, { clientId }),
    get: (id) => editorArticlesApi.get(api, id),
    update: (id, input, baseModifyDate, kind) => editorArticlesApi.update(api, id, input, { clientId, baseModifyDate, kind }),
  };
}

const CLIENT_ID_KEY = 'zine:editor:client-id';

/** The tab's random client id, kept in sessionStorage so a reload keeps it. */
export function tabClientId(): string {
  try {
    const stored = window.sessionStorage.getItem(CLIENT_ID_KEY);
    if (stored) return stored;
    const id = crypto.randomUUID();
    window.sessionStorage.setItem(CLIENT_ID_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}
