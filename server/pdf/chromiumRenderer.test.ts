import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { chromiumExecutable } from './chromiumExecutable';
import { ChromiumPdfRenderer } from './chromiumRenderer';

// The system Chromium when there is one, else the packaged one: never skipped.
const renderer = new ChromiumPdfRenderer({
  executable: async () => (await chromiumExecutable()).path,
  idleMs: 60_000,
  logger: createLogger({ logLevel: 'silent' }),
});
afterAll(() => renderer.close());

describe('ChromiumPdfRenderer', () => {
  it('prints HTML to a PDF, asking fetchAsset for every request and reaching nothing else', async () => {
    const asked: string[] = [];
    const pdf = await renderer.render({
      html: '<!doctype html><html><head><title>Plain page</title></head><body><p>Hello</p><img src="http://example.com/x.png"><img src="http://127.0.0.1:9/y.png"></body></html>',
      fetchAsset: async (url) => {
        asked.push(url);
        return null;
      },
      timeoutMs: 20_000,
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('Plain page');
    expect(asked.sort()).toEqual(['http://127.0.0.1:9/y.png', 'http://example.com/x.png']);
  }, 30_000);

  it('gives up a job past its time, and renders the next one', async () => {
    const slow = renderer.render({
      html: '<!doctype html><html><body><img src="http://127.0.0.1:9/slow.png"></body></html>',
      fetchAsset: () => new Promise((resolve) => setTimeout(() => resolve(null), 5000)),
      timeoutMs: 500,
    });
    await expect(slow).rejects.toThrow(/longer than 500 ms/);
    const next = await renderer.render({ html: '<p>after</p>', fetchAsset: async () => null, timeoutMs: 20_000 });
    expect(next.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 30_000);

  it('runs no script of the page', async () => {
    const pdf = await renderer.render({
      html: '<!doctype html><html><head><title>before</title><script>document.title = "scripted"</script></head><body>x</body></html>',
      fetchAsset: async () => null,
      timeoutMs: 20_000,
    });
    expect(pdf.toString('latin1')).not.toContain('scripted');
  }, 30_000);
});
