import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../api/client';
import type { ApiRequest, ApiResponse } from '../../api/transport';
import { TipsStore } from '../tips/TipsStore';
import { PDF_POLL_MS, PdfExportStore } from './PdfExportStore';

/** Answers the calls in order; a quota call always answers the quota. */
function fakeApi(statusAnswers: ApiResponse[], quota = { pdf_limit: 3, pdf_count: 0, remaining: 3, available: true }) {
  const calls: ApiRequest[] = [];
  const api = new ApiClient(async (request) => {
    calls.push(request);
    if (request.path === '/api/pdfs/') return { status: 200, data: quota };
    const next = statusAnswers.shift();
    if (!next) throw new Error('no more answers');
    return next;
  });
  return { api, calls };
}

function storeWith(answers: ApiResponse[], quota?: Parameters<typeof fakeApi>[1]) {
  const { api, calls } = fakeApi(answers, quota);
  const tips = new TipsStore();
  const opened: string[] = [];
  const store = new PdfExportStore({ api, tips, locale: 'en', now: Date.now }, { open: (url) => opened.push(url) });
  return { store, tips, calls, opened };
}

const ok = (data: unknown): ApiResponse => ({ status: 200, data });

describe('PdfExportStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every 2 s until the PDF is made, then downloads it and says so', async () => {
    const { store, tips, calls, opened } = storeWith([
      ok({ status: 'pending' }),
      ok({ status: 'processing' }),
      ok({ status: 'success', url: '/api/pdfs/article/7/file/' }),
    ]);
    await store.exportArticle(7);
    expect(store.status).toBe('pending');
    expect(store.busy).toBe(true);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS - 1);
    expect(calls.filter((c) => c.path === '/api/pdfs/article/7/')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.status).toBe('processing');
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS);
    expect(store.status).toBe('success');
    expect(store.fileUrl).toBe('/api/pdfs/article/7/file/');
    expect(opened).toEqual(['/api/pdfs/article/7/file/']);
    expect(tips.top?.text).toBe('Your PDF is ready');
    expect(store.statusOf(7)).toBe('success');
    expect(store.statusOf(8)).toBe('');
    // The quota is read again after a new export.
    expect(calls.some((c) => c.path === '/api/pdfs/')).toBe(true);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS * 3);
    expect(calls.filter((c) => c.path === '/api/pdfs/article/7/')).toHaveLength(3);
  });

  it('clears the status when the export failed (docs/specification/content-and-commerce.md §8)', async () => {
    const { store, tips, opened } = storeWith([ok({ status: 'pending' }), ok({ status: 'failed' })]);
    await store.exportArticle(7);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS);
    expect(store.status).toBe('');
    expect(store.fileUrl).toBeNull();
    expect(opened).toEqual([]);
    expect(tips.top).toMatchObject({ text: 'The PDF could not be made. Please try again.', kind: 'error' });
  });

  it('tells the month’s limit on 403 pdf_limit', async () => {
    const { store, tips } = storeWith([{ status: 403, data: { detail: 'pdf_limit' } }], { pdf_limit: 3, pdf_count: 3, remaining: 0, available: true });
    await store.loadQuota();
    await store.exportArticle(7);
    expect(store.status).toBe('');
    expect(tips.top?.text).toBe('You have used all 3 PDF exports of this month. Upgrade your membership for more.');
  });

  it('opens the upgrade prompt for the PDF limit where the editor has one', async () => {
    const { api } = fakeApi([{ status: 403, data: { detail: 'pdf_limit' } }]);
    const tips = new TipsStore();
    const upgrades: string[] = [];
    const store = new PdfExportStore({ api, tips, locale: 'en', now: Date.now }, { open: () => {}, onUpgrade: () => upgrades.push('pdf') });
    await store.exportArticle(7);
    expect(upgrades).toEqual(['pdf']);
    expect(tips.top).toBeNull();
    expect(store.status).toBe('');
  });

  it('says plainly when the server cannot make PDFs', async () => {
    const unavailable = storeWith([], { pdf_limit: 3, pdf_count: 0, remaining: 3, available: false });
    await unavailable.store.loadQuota();
    expect(unavailable.store.unavailable).toBe(true);

    const refused = storeWith([{ status: 503, data: { detail: 'PDF export is unavailable on this server.' } }]);
    await refused.store.exportArticle(7);
    expect(refused.store.unavailable).toBe(true);
    expect(refused.store.status).toBe('');
    expect(refused.tips.top?.text).toBe('PDF export is unavailable on this server.');
  });

  it('rides out a short network loss while polling, and gives up after several', async () => {
    const lost = (): ApiResponse => {
      throw new Error('Failed to fetch');
    };
    const answers: Array<ApiResponse | (() => ApiResponse)> = [ok({ status: 'pending' }), lost, ok({ status: 'success', url: '/f' })];
    const { api } = fakeApiFrom(answers);
    const store = new PdfExportStore({ api, tips: new TipsStore(), locale: 'zh-CN', now: Date.now }, { open: () => {} });
    await store.exportArticle(7);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS * 2);
    expect(store.status).toBe('success');

    const { api: downApi } = fakeApiFrom([ok({ status: 'pending' }), lost, lost, lost, lost, lost, lost]);
    const tips = new TipsStore();
    const down = new PdfExportStore({ api: downApi, tips, locale: 'zh-CN', now: Date.now }, { open: () => {} });
    await down.exportArticle(7);
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS * 7);
    expect(down.status).toBe('');
    expect(tips.top?.text).toBe('PDF 生成失败，请重试。');
  });

  it('stops following an export when cancelled', async () => {
    const { store, calls } = storeWith([ok({ status: 'pending' }), ok({ status: 'success', url: '/f' })]);
    await store.exportArticle(7);
    store.cancel();
    expect(store.status).toBe('');
    await vi.advanceTimersByTimeAsync(PDF_POLL_MS * 3);
    expect(calls.filter((c) => c.path === '/api/pdfs/article/7/')).toHaveLength(1);
  });
});

function fakeApiFrom(answers: Array<ApiResponse | (() => ApiResponse)>) {
  const api = new ApiClient(async (request) => {
    if (request.path === '/api/pdfs/') return { status: 200, data: { pdf_limit: 3, pdf_count: 0, remaining: 3, available: true } };
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return typeof next === 'function' ? next() : next;
  });
  return { api };
}
