import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { TOO_MANY_PIXELS } from '../../../shared/imageLimits';
import { ApiClient } from '../../api/client';
import type { ApiRequest } from '../../api/transport';
import type { UploadAnswer, UploadForm } from '../../api/uploads';
import type { EditorDeps } from '../EditorDeps';
import { editorExtensions } from '../format/extensions';
import { TipsStore } from '../tips/TipsStore';
import { ImageUploadStore, type UploadIO } from './ImageUploadStore';

type Answer = { status: number; data: unknown };

const TOKEN = { token: 'tok', upload_url: '/media/upload/', domain: '' };

function setup(
  options: { articleId?: number | null; answers?: Answer[]; uploads?: UploadAnswer[]; locale?: EditorDeps['locale']; size?: [number, number] } = {},
) {
  const calls: ApiRequest[] = [];
  const answers = [
    ...(options.answers ?? [
      { status: 200, data: TOKEN },
      { status: 200, data: { begin: '', end: '', bytes_limit: 100, bytes_used: 10 } },
    ]),
  ];
  const api = new ApiClient(async (request) => {
    calls.push(request);
    return answers.shift() ?? { status: 500, data: { detail: 'no answer left' } };
  });
  const tips = new TipsStore();
  const posted: { url: string; form: UploadForm }[] = [];
  const uploads = [...(options.uploads ?? [{ status: 200, body: { key: 'k', hash: 'h', url: '/media/k_hd.png', size: 3 } }])];
  const revoked: string[] = [];
  let upgrades = 0;
  const io: UploadIO = {
    scale: async (file) => ({ blob: file, width: options.size?.[0] ?? 1080, height: options.size?.[1] ?? 720 }),
    post: async (url, form) => {
      posted.push({ url, form });
      return uploads.shift() ?? { status: 500, body: { error: 'none left' } };
    },
    localUrl: () => 'blob:local-1',
    revokeUrl: (url) => revoked.push(url),
    randomBytes: (length) => new Uint8Array(length).fill(171),
  };
  const deps: EditorDeps = { api, tips, locale: options.locale ?? 'en', now: () => 0 };
  const articleId = options.articleId === undefined ? 7 : options.articleId;
  const store = new ImageUploadStore(deps, { articleId: () => articleId, onUpgrade: () => upgrades++ }, io);
  const editor = new Editor({
    element: null,
    extensions: editorExtensions({ placeholder: '' }),
    content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] },
  });
  editors.push(editor);
  return { store, editor, tips, calls, posted, revoked, upgrades: () => upgrades };
}

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function png(name = 'photo.png'): File {
  return new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
}

function images(editor: Editor): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'image') found.push(node.attrs);
    return true;
  });
  return found;
}

describe('ImageUploadStore.uploadFiles', () => {
  it('asks to save the article first and uploads nothing', async () => {
    const { store, editor, tips, calls } = setup({ articleId: null });
    await store.uploadFiles([png()], editor);
    expect(tips.top?.text).toBe('Please save the article before uploading an image');
    expect(calls).toHaveLength(0);
    expect(images(editor)).toHaveLength(0);
  });

  it('shows the local copy while uploading, then the remote URL; the upload carries token, key, file and article id', async () => {
    const { store, editor, tips, calls, posted, revoked } = setup();
    const done = store.uploadFiles([png()], editor);
    expect(images(editor)[0]).toMatchObject({ src: 'blob:local-1', uploadId: 'upload-1' });
    expect(store.resources[0]).toMatchObject({ localURL: 'blob:local-1', remoteURL: '', status: 'uploading' });
    await done;
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/attachments/qiniu/token/', query: { article_id: 7 } });
    expect(posted[0]?.url).toBe('/media/upload/');
    expect(posted[0]?.form).toMatchObject({ token: 'tok', key: `${'ab'.repeat(16)}_hd.png`, articleId: 7 });
    expect(images(editor)).toEqual([expect.objectContaining({ src: '/media/k_hd.png', uploadId: null, width: 1080, height: 720 })]);
    expect(store.resources[0]).toMatchObject({ status: null, remoteURL: '/media/k_hd.png' });
    expect(tips.top).toMatchObject({ text: 'Upload succeeded', kind: 'success' });
    expect(revoked).toEqual(['blob:local-1']);
    await Promise.resolve();
    expect(store.traffic).toMatchObject({ bytes_used: 10, bytes_limit: 100 });
  });

  it('ignores files that are not images', async () => {
    const { store, editor, calls } = setup();
    await store.uploadFiles([new File(['x'], 'notes.txt', { type: 'text/plain' })], editor);
    expect(calls).toHaveLength(0);
  });

  it('a 412 traffic_lack token answer: a tip with no timeout whose action opens the upgrade prompt; the image leaves', async () => {
    const { store, editor, tips, posted, upgrades } = setup({ answers: [{ status: 412, data: { detail: 'traffic_lack' } }] });
    await store.uploadFiles([png()], editor);
    expect(posted).toHaveLength(0);
    expect(tips.top).toMatchObject({ kind: 'error', timeout: 0, text: expect.stringContaining('traffic') });
    tips.top?.action?.run();
    expect(upgrades()).toBe(1);
    expect(images(editor)).toHaveLength(0);
    expect(store.resources[0]?.status).toBe('upload_failed');
  });

  it('another token failure: get upload token failed plus the response text', async () => {
    const { store, editor, tips } = setup({ answers: [{ status: 404, data: { detail: 'Not found.' } }], locale: 'zh-CN' });
    await store.uploadFiles([png()], editor);
    expect(tips.top?.text).toContain('Not found.');
    expect(tips.top?.kind).toBe('error');
    expect(images(editor)).toHaveLength(0);
  });

  it('an upload refused: upload image failed plus the storage message', async () => {
    const { store, editor, tips } = setup({ uploads: [{ status: 415, body: { error: 'not an image' } }] });
    await store.uploadFiles([png()], editor);
    expect(tips.top?.text).toBe('Upload image failed not an image');
    expect(store.resources[0]?.status).toBe('upload_failed');
    expect(images(editor)).toHaveLength(0);
  });

  it("an image over the pixel limit: refused before sending, or by the host, in the author's language", async () => {
    const local = setup({ size: [6000, 5000], locale: 'zh-CN' });
    await local.store.uploadFiles([png('huge.gif')], local.editor);
    expect(local.tips.top?.text).toBe('上传图片失败 图片过大，最多 25 百万像素');
    expect(local.posted).toHaveLength(0);
    expect(images(local.editor)).toHaveLength(0);

    const hosted = setup({ uploads: [{ status: 413, body: { error: TOO_MANY_PIXELS } }] });
    await hosted.store.uploadFiles([png()], hosted.editor);
    expect(hosted.tips.top?.text).toBe('Upload image failed the image is too large: at most 25 megapixels');
  });

  it('an answer without a URL: upload image failed, no url returned', async () => {
    const { store, editor, tips } = setup({ uploads: [{ status: 200, body: { key: 'k' } }] });
    await store.uploadFiles([png()], editor);
    expect(tips.top?.text).toBe('Upload image failed, no url returned');
  });

  it('a 412 from the storage itself also offers the upgrade', async () => {
    const { store, editor, tips } = setup({ uploads: [{ status: 412, body: { error: 'traffic_lack' } }] });
    await store.uploadFiles([png()], editor);
    expect(tips.top?.timeout).toBe(0);
    expect(tips.top?.action).toBeDefined();
  });
});

describe('ImageUploadStore.uploadCover', () => {
  it('returns the remote URL of the cover', async () => {
    const { store } = setup();
    await expect(store.uploadCover(png('cover.jpg'))).resolves.toBe('/media/k_hd.png');
    expect(store.coverUploading).toBe(false);
  });

  it('returns null before the first save', async () => {
    const { store, tips } = setup({ articleId: null, locale: 'zh-TW' });
    await expect(store.uploadCover(png())).resolves.toBeNull();
    expect(tips.top?.text).toMatch(/儲存|保存/);
  });
});

describe('remote images', () => {
  it('downloading, then null or invalid_remote_file', () => {
    const { store } = setup();
    store.markRemote('https://media.example/a.png', 'downloading');
    expect(store.resources[0]).toMatchObject({ localURL: '', remoteURL: 'https://media.example/a.png', status: 'downloading' });
    store.markRemote('https://media.example/a.png', 'invalid_remote_file');
    expect(store.resources).toHaveLength(1);
    expect(store.resources[0]?.status).toBe('invalid_remote_file');
  });
});
