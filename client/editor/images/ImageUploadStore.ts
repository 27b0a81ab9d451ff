import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import { action, makeObservable, observable, observableRef } from 'mobx';
import { MAX_IMAGE_MEGAPIXELS, MAX_IMAGE_PIXELS, TOO_MANY_PIXELS } from '../../../shared/imageLimits';
import type { TrafficQuota } from '../../../shared/traffic';
import type { UploadToken } from '../../../shared/uploads';
import { ApiRequestError } from '../../api/client';
import { trafficApi } from '../../api/traffic';
import { postUploadForm, uploadsApi, type UploadAnswer, type UploadForm } from '../../api/uploads';
import type { EditorDeps } from '../EditorDeps';
import { replacesMuch } from '../format/transactions';
import { editorTexts } from '../texts';
import { IMAGE_FILES_EVENT } from './chooseImages';
import { isImageFile, uploadName } from './imageFile';
import { scaleForUpload, type ScaledImage } from './scaleImage';
import { imageTexts } from './texts';

/** docs/specification/content-and-commerce.md §4 upload resource status; null once the image is uploaded (or loaded). */
export type UploadStatus = 'uploading' | 'upload_failed' | 'downloading' | 'invalid_remote_file' | null;

/** docs/specification/content-and-commerce.md §3 Upload resource. */
export interface UploadResource {
  id: string;
  localURL: string;
  remoteURL: string;
  status: UploadStatus;
}

export interface UploadTarget {
  /** The article the images belong to; null while it has never been saved. */
  articleId(): number | null;
  /** Opens the member-upgrade prompt (traffic). */
  onUpgrade(): void;
}

/** What touches the browser and the network; tests pass their own. */
export interface UploadIO {
  scale(file: File): Promise<ScaledImage>;
  post(uploadUrl: string, form: UploadForm): Promise<UploadAnswer>;
  localUrl(file: Blob): string;
  revokeUrl(url: string): void;
  randomBytes?: (length: number) => Uint8Array;
}

export const browserUploadIO: UploadIO = {
  scale: scaleForUpload,
  post: postUploadForm,
  localUrl: (file) => URL.createObjectURL(file),
  revokeUrl: (url) => URL.revokeObjectURL(url),
};

/**
 * Image uploads of the editor (docs/specification/content-and-commerce.md §4, §5, §8): an image shows at once from its
 * local blob URL (uploading), is scaled to 1080 px when wider, named `<hex>_hd.<ext>`,
 * sent with a token for the saved article, then shows its remote URL (null) or leaves
 * the document (upload_failed) with a tip. The cover goes the same way.
 */
export class ImageUploadStore {
  resources: UploadResource[] = [];
  traffic: TrafficQuota | null = null;
  coverUploading = false;
  private nextId = 1;
  private readonly attached = new WeakSet<Editor>();

  constructor(
    private readonly deps: EditorDeps,
    private readonly target: UploadTarget,
    private readonly io: UploadIO = browserUploadIO,
  ) {
    makeObservable<ImageUploadStore, 'add' | 'setStatus' | 'setTraffic' | 'setCoverUploading'>(this, {
      resources: observableRef,
      traffic: observableRef,
      coverUploading: observable,
      add: action,
      setStatus: action,
      setTraffic: action,
      setCoverUploading: action,
    });
  }

  get locale() {
    return this.deps.locale;
  }

  /** The resource of an image in the document (by its upload id), if any. */
  resource(id: string): UploadResource | null {
    return this.resources.find((item) => item.id === id) ?? null;
  }

  /** Uploads images into the document at the selection (the toolbar, the context menu, paste, drop). */
  async uploadFiles(files: File[], editor: Editor): Promise<void> {
    const images = files.filter(isImageFile);
    if (images.length === 0) return;
    const articleId = this.requireSavedArticle();
    if (articleId === null) return;

    const pending = images.map((file) => ({ file, resource: this.add(this.io.localUrl(file), 'uploading') }));
    editor
      .chain()
      .focus()
      .insertContent(pending.map(({ resource }) => ({ type: 'image', attrs: { src: resource.localURL, uploadId: resource.id } })))
      .run();

    const token = await this.fetchToken(articleId);
    let uploaded = 0;
    for (const { file, resource } of pending) {
      const sent = token ? await this.send(file, token, articleId) : null;
      if (sent) {
        uploaded++;
        this.setStatus(resource.id, null, sent.url);
        replaceImage(editor, resource.id, sent);
      } else {
        this.setStatus(resource.id, 'upload_failed');
        replaceImage(editor, resource.id, null);
      }
      this.io.revokeUrl(resource.localURL);
    }
    if (uploaded > 0) this.uploaded();
  }

  /** Uploads a title image; its remote URL, or null after a tip saying why not. */
  async uploadCover(file: File): Promise<string | null> {
    if (!isImageFile(file)) return null;
    const articleId = this.requireSavedArticle();
    if (articleId === null) return null;
    this.setCoverUploading(true);
    try {
      const token = await this.fetchToken(articleId);
      const sent = token ? await this.send(file, token, articleId) : null;
      if (sent) this.uploaded();
      return sent?.url ?? null;
    } finally {
      this.setCoverUploading(false);
    }
  }

  /** The month's upload traffic (bytes_used / bytes_limit) for the image panel; a failure keeps the last one. */
  async loadTraffic(): Promise<void> {
    try {
      this.setTraffic(await trafficApi.current(this.deps.api));
    } catch {
      // The meter is informative; the upload itself reports a lack of traffic.
    }
  }

  /**
   * Connects an editor: pasted and dropped images upload, the toolbar's and the context
   * menu's chosen images arrive, and remote images that fail to load are marked
   * (downloading, then null or invalid_remote_file). Returns the disconnect.
   */
  attach(editor: Editor): () => void {
    if (this.attached.has(editor)) return () => {};
    const dom = editor.view.dom;
    const onPaste = (event: ClipboardEvent) => {
      const files = imageFilesOf(event.clipboardData);
      if (files.length === 0) return;
      // Before ProseMirror's own handler on the same element, which would insert the file too.
      event.preventDefault();
      event.stopImmediatePropagation();
      void this.uploadFiles(files, editor);
    };
    const onDrop = (event: DragEvent) => {
      const files = imageFilesOf(event.dataTransfer);
      if (files.length === 0) return;
      // Before ProseMirror's own handler on the same element, which would insert the file too.
      event.preventDefault();
      event.stopImmediatePropagation();
      const at = editor.view.posAtCoords({ left: event.clientX, top: event.clientY });
      if (at) editor.commands.setTextSelection(at.pos);
      void this.uploadFiles(files, editor);
    };
    const onChosen = (event: Event) => {
      if (event instanceof CustomEvent && Array.isArray(event.detail)) {
        void this.uploadFiles(
          event.detail.filter((file): file is File => file instanceof File),
          editor,
        );
      }
    };
    const onImageEvent = (event: Event) => {
      const image = event.target;
      if (!(image instanceof HTMLImageElement) || image.src.startsWith('blob:')) return;
      const status: UploadStatus = event.type === 'error' ? 'invalid_remote_file' : null;
      if (status) image.dataset.status = status;
      else delete image.dataset.status;
      this.markRemote(image.src, status);
    };
    const markDownloading = () => {
      for (const image of Array.from(dom.querySelectorAll('img'))) {
        if (!image.complete && !image.src.startsWith('blob:')) this.markRemote(image.src, 'downloading');
      }
    };
    // An opened article (or a long paste) brings remote images; typing does not.
    const onTransaction = ({ transaction }: { transaction: Transaction }) => {
      if (replacesMuch(transaction)) markDownloading();
    };
    markDownloading();
    editor.on('transaction', onTransaction);
    this.attached.add(editor);
    dom.addEventListener('paste', onPaste, true);
    dom.addEventListener('drop', onDrop, true);
    dom.addEventListener(IMAGE_FILES_EVENT, onChosen);
    dom.addEventListener('load', onImageEvent, true);
    dom.addEventListener('error', onImageEvent, true);
    return () => {
      this.attached.delete(editor);
      editor.off('transaction', onTransaction);
      dom.removeEventListener('paste', onPaste, true);
      dom.removeEventListener('drop', onDrop, true);
      dom.removeEventListener(IMAGE_FILES_EVENT, onChosen);
      dom.removeEventListener('load', onImageEvent, true);
      dom.removeEventListener('error', onImageEvent, true);
    };
  }

  /** The state of a remote image (no local copy): downloading, then null or invalid_remote_file. */
  markRemote(url: string, status: UploadStatus): void {
    const known = this.resources.find((item) => item.remoteURL === url && item.localURL === '');
    if (known) this.setStatus(known.id, status);
    else this.add('', status, url);
  }

  private requireSavedArticle(): number | null {
    const articleId = this.target.articleId();
    if (articleId === null) this.deps.tips.push({ text: editorTexts(this.deps.locale)('saveBeforeUpload'), kind: 'error' });
    return articleId;
  }

  private async fetchToken(articleId: number): Promise<UploadToken | null> {
    const t = editorTexts(this.deps.locale);
    try {
      return await uploadsApi.token(this.deps.api, articleId);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 412) this.tellTrafficLack();
      else this.deps.tips.push({ text: t('uploadTokenFailed', { message: responseText(error) }), kind: 'error' });
      return null;
    }
  }

  private async send(file: File, token: UploadToken, articleId: number): Promise<UploadedImage | null> {
    const t = editorTexts(this.deps.locale);
    const { blob, width, height } = await this.io.scale(file);
    // What goes as it is (a GIF) must be within the host's pixel limit; wider stills were scaled down.
    if (width !== null && height !== null && width * height > MAX_IMAGE_PIXELS) {
      this.deps.tips.push({ text: t('uploadImageFailed', { message: t('imageTooLarge', { megapixels: MAX_IMAGE_MEGAPIXELS }) }), kind: 'error' });
      return null;
    }
    const key = uploadName(blob.type || file.type, file.name, this.io.randomBytes);
    const answer = await this.io.post(token.upload_url, { token: token.token, key, file: blob, articleId });
    if (answer.status >= 200 && answer.status < 300) {
      const url = urlOf(answer.body);
      if (url) return { url, width, height };
      this.deps.tips.push({ text: t('uploadImageFailedNoUrl'), kind: 'error' });
      return null;
    }
    if (answer.status === 412) {
      this.tellTrafficLack();
      return null;
    }
    const message = uploadErrorText(answer) === TOO_MANY_PIXELS ? t('imageTooLarge', { megapixels: MAX_IMAGE_MEGAPIXELS }) : uploadErrorText(answer);
    this.deps.tips.push({ text: t('uploadImageFailed', { message }), kind: 'error' });
    return null;
  }

  /** docs/specification/content-and-commerce.md §8: the traffic tip stays (timeout 0) and offers the upgrade prompt. */
  private tellTrafficLack(): void {
    this.deps.tips.push({
      text: editorTexts(this.deps.locale)('trafficOverLimit'),
      kind: 'error',
      timeout: 0,
      action: { label: imageTexts(this.deps.locale)('upgrade'), run: () => this.target.onUpgrade() },
    });
  }

  private uploaded(): void {
    this.deps.tips.push({ text: editorTexts(this.deps.locale)('uploadSuccess'), kind: 'success' });
    void this.loadTraffic();
  }

  private add(localURL: string, status: UploadStatus, remoteURL = ''): UploadResource {
    const resource: UploadResource = { id: `upload-${this.nextId++}`, localURL, remoteURL, status };
    this.resources = [...this.resources, resource];
    return resource;
  }

  private setStatus(id: string, status: UploadStatus, remoteURL?: string): void {
    this.resources = this.resources.map((item) => (item.id === id ? { ...item, status, remoteURL: remoteURL ?? item.remoteURL } : item));
  }

  private setTraffic(traffic: TrafficQuota): void {
    this.traffic = traffic;
  }

  private setCoverUploading(uploading: boolean): void {
    this.coverUploading = uploading;
  }
}

/** An uploaded image: its remote URL and the size it was uploaded at (when known). */
export interface UploadedImage {
  url: string;
  width: number | null;
  height: number | null;
}

/**
 * Points the image waiting for an upload at its remote URL, with its width and height so
 * readers' pages keep its place while it loads, or takes it out when the upload failed.
 * Outside the undo history: undo never brings back a blob URL.
 */
export function replaceImage(editor: Editor, uploadId: string, uploaded: UploadedImage | null): void {
  // (After the editor is destroyed Tiptap ignores the command.)
  editor.commands.command(({ tr }) => {
    const found: { pos: number; size: number; attrs: Record<string, unknown> }[] = [];
    tr.doc.descendants((node, pos) => {
      if (node.type.name === 'image' && node.attrs.uploadId === uploadId) found.push({ pos, size: node.nodeSize, attrs: node.attrs });
      return true;
    });
    for (const item of found.reverse()) {
      if (uploaded) {
        const size = uploaded.width && uploaded.height ? { width: uploaded.width, height: uploaded.height } : {};
        tr.setNodeMarkup(item.pos, undefined, { ...item.attrs, ...size, src: uploaded.url, uploadId: null });
      } else tr.delete(item.pos, item.pos + item.size);
    }
    tr.setMeta('addToHistory', false);
    return found.length > 0;
  });
}

function imageFilesOf(data: DataTransfer | null): File[] {
  return Array.from(data?.files ?? []).filter(isImageFile);
}

function urlOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const url = (body as Record<string, unknown>).url;
  return typeof url === 'string' && url !== '' ? url : null;
}

/** The storage's error text (`{error}` in Qiniu's form), else the body, else the status. */
function uploadErrorText(answer: UploadAnswer): string {
  const body = answer.body;
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    if (typeof record.error === 'string') return record.error;
    if (typeof record.detail === 'string') return record.detail;
  }
  if (typeof body === 'string' && body.trim()) return body.slice(0, 200);
  return String(answer.status);
}

/** docs/specification/content-and-commerce.md §8: 'get upload token failed' plus the response text. */
function responseText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (typeof error.data === 'string') return error.data.slice(0, 200);
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
