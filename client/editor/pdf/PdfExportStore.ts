import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiRequestError } from '../../api/client';
import { pdfsApi, type PdfExportStatus, type PdfQuota } from '../../api/pdfs';
import type { EditorDeps } from '../EditorDeps';
import { pdfTexts } from './texts';

/** How often a running export is asked about. */
export const PDF_POLL_MS = 2000;
/** A poll that fails this many times in a row (network) gives up, as a failure. */
const MAX_POLL_ERRORS = 5;

export type PdfPhase = '' | 'pending' | 'processing' | 'success';

export interface PdfExportOptions {
  pollMs?: number;
  /** Hands the finished file to the browser (a download). */
  open?: (url: string) => void;
  /** Opens the member-upgrade prompt for the PDF limit (every limit leads to it, with its reason). */
  onUpgrade?: () => void;
}

/**
 * The PDF export of the article being edited (docs/specification/content-and-commerce.md §7): asks the
 * backend to start it, polls GET /api/pdfs/article/{id}/ every 2 s until it is made, then
 * downloads the file; a failure clears the status (docs/specification/content-and-commerce.md §8). The month's quota comes
 * from GET /api/pdfs/; `available` false means this server cannot make PDFs.
 */
export class PdfExportStore {
  status: PdfPhase = '';
  /** The article the status belongs to. */
  articleId: number | null = null;
  fileUrl: string | null = null;
  quota: PdfQuota | null = null;
  /** False once the server said it cannot make PDFs. */
  unavailable = false;

  private timer: ReturnType<typeof setTimeout> | null = null;
  private pollErrors = 0;
  private readonly pollMs: number;
  private readonly open: (url: string) => void;
  private readonly onUpgrade: (() => void) | undefined;

  constructor(
    private readonly deps: EditorDeps,
    options: PdfExportOptions = {},
  ) {
    this.pollMs = options.pollMs ?? PDF_POLL_MS;
    this.open = options.open ?? downloadInBrowser;
    this.onUpgrade = options.onUpgrade;
    makeObservable(this, {
      status: observable,
      articleId: observable,
      fileUrl: observable,
      quota: observableRef,
      unavailable: observable,
      cancel: action,
    });
  }

  /** The texts in the editor's language. */
  get t() {
    return pdfTexts(this.deps.locale);
  }

  get busy(): boolean {
    return this.status === 'pending' || this.status === 'processing';
  }

  /** The status of `articleId`, empty when the store is busy with another article or idle. */
  statusOf(articleId: number | null): PdfPhase {
    return articleId !== null && articleId === this.articleId ? this.status : '';
  }

  async loadQuota(): Promise<void> {
    try {
      const quota = await pdfsApi.quota(this.deps.api);
      runInAction(() => {
        this.quota = quota;
        this.unavailable = !quota.available;
      });
    } catch {
      // The button still works without the numbers; the export call answers for itself.
    }
  }

  /** Starts (or picks up) the export of the saved article and follows it to the file. */
  async exportArticle(articleId: number): Promise<void> {
    if (this.busy && this.articleId === articleId) return;
    this.cancel();
    runInAction(() => {
      this.articleId = articleId;
      this.fileUrl = null;
      this.status = 'pending';
    });
    this.pollErrors = 0;
    await this.ask(articleId);
  }

  /** Stops following the export (another article opened, the editor closed). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.busy) this.status = '';
  }

  private async ask(articleId: number): Promise<void> {
    let answer: PdfExportStatus;
    try {
      answer = await pdfsApi.articleStatus(this.deps.api, articleId);
    } catch (error) {
      if (this.articleId !== articleId) return;
      this.onError(articleId, error);
      return;
    }
    if (this.articleId !== articleId || this.status === '') return;
    this.pollErrors = 0;
    if (answer.status === 'success' && answer.url) {
      const url = answer.url;
      runInAction(() => {
        this.status = 'success';
        this.fileUrl = url;
      });
      this.deps.tips.push({ text: this.t('ready'), kind: 'success' });
      this.open(url);
      void this.loadQuota();
      return;
    }
    if (answer.status === 'failed' || answer.status === 'success') {
      this.fail();
      return;
    }
    runInAction(() => {
      this.status = answer.status === 'processing' ? 'processing' : 'pending';
    });
    this.schedule(articleId);
  }

  private onError(articleId: number, error: unknown): void {
    const status = error instanceof ApiRequestError ? error.status : 0;
    const detail = error instanceof ApiRequestError && isRecord(error.data) ? error.data.detail : undefined;
    if (status === 403 && detail === 'pdf_limit') {
      runInAction(() => {
        this.status = '';
      });
      void this.loadQuota();
      // The upgrade prompt says why and offers the plans; without one, a tip says so.
      if (this.onUpgrade) this.onUpgrade();
      else this.deps.tips.push({ text: this.t('limit', { limit: this.quota?.pdf_limit ?? '' }), kind: 'error' });
      return;
    }
    if (status === 503) {
      runInAction(() => {
        this.status = '';
        this.unavailable = true;
      });
      this.deps.tips.push({ text: this.t('unavailable'), kind: 'error' });
      return;
    }
    // A lost network while polling: keep asking a few times before giving up.
    if (status === 0 && this.pollErrors < MAX_POLL_ERRORS) {
      this.pollErrors += 1;
      this.schedule(articleId);
      return;
    }
    this.fail();
  }

  /** docs/specification/content-and-commerce.md §8: a failed export clears the status. */
  private fail(): void {
    runInAction(() => {
      this.status = '';
      this.fileUrl = null;
    });
    this.deps.tips.push({ text: this.t('failed'), kind: 'error' });
  }

  private schedule(articleId: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.ask(articleId);
    }, this.pollMs);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The file is served as an attachment: following a link to it downloads without leaving the editor. */
function downloadInBrowser(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
