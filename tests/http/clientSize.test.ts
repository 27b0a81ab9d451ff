import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_JS_BUDGET_BYTES, CLIENT_JS_BUDGET_FILES, readerPageSizes } from '../../scripts/clientSize';
import { loadManifest, modulePreloads, pageStylesheets } from '../../server/render/manifest';
import { CLIENT_DIR } from '../support/testApp';

describe('the client size budget', () => {
  it.each(readerPageSizes(CLIENT_DIR).map((s) => [s.page, s] as const))('%s loads at most 140 kB of gzip JS in at most 8 files', (_page, size) => {
    expect(size.files).toBeGreaterThan(1);
    expect(size.files).toBeLessThanOrEqual(CLIENT_JS_BUDGET_FILES);
    expect(size.gzipBytes).toBeLessThanOrEqual(CLIENT_JS_BUDGET_BYTES);
  });
});

describe('the editor stays out of reader pages', () => {
  const manifest = loadManifest(CLIENT_DIR);
  const articleScripts = [manifest.entry, ...modulePreloads(manifest, ['client/i18n/en.ts', 'client/pages/article/page.tsx'])];

  it('the article page preloads no Tiptap or ProseMirror code', () => {
    for (const url of articleScripts) {
      const code = fs.readFileSync(path.join(CLIENT_DIR, path.basename(url)), 'utf8');
      expect(code, url).not.toMatch(/tiptap|prosemirror/i);
    }
  });

  it('the editor page preloads none either: Tiptap loads after hydration, in its own chunk', () => {
    for (const url of modulePreloads(manifest, ['client/pages/editor/page.tsx'])) {
      const code = fs.readFileSync(path.join(CLIENT_DIR, path.basename(url)), 'utf8');
      expect(code, url).not.toMatch(/tiptap|prosemirror/i);
    }
  });

  it('only the editor page links the editor stylesheet', () => {
    const editorCss = manifest.pageCss['client/pages/editor/page.tsx'] ?? [];
    expect(editorCss).toHaveLength(1);
    expect(pageStylesheets(manifest, ['client/pages/article/page.tsx'])).toEqual(manifest.css);
    expect(manifest.css.some((url) => editorCss.includes(url))).toBe(false);
  });
});
