// The client-size report: the gzip bytes of the JS a reader's page loads (the entry,
// the matched routes' chunks and the page's catalogue). `npm run size` prints it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_NAMES, pageChain, pageFacts, pageSourceFile } from '../client/routing/pageModules';
import { loadManifest, modulePreloads } from '../server/render/manifest';

export const CLIENT_JS_BUDGET_BYTES = 140 * 1024;
/** Files a reader's first page may load: each is a request and compresses alone. */
export const CLIENT_JS_BUDGET_FILES = 8;

/** Every reader page a visitor can land on (declared `reader`, with no pages inside it) and the source modules its first load needs. */
export function readerPages(): Record<string, string[]> {
  const landing = PAGE_NAMES.filter((name) => pageFacts(name).reader && !PAGE_NAMES.some((other) => pageFacts(other).parent === name));
  return Object.fromEntries(landing.map((name) => [name, pageChain(name).map(pageSourceFile)]));
}

export interface PageSize {
  page: string;
  files: number;
  gzipBytes: number;
}

/** Gzip bytes of every script a page loads, read from the pre-compressed build output. */
export function readerPageSizes(clientDir: string, catalogue = 'client/i18n/zh-CN.ts'): PageSize[] {
  const manifest = loadManifest(clientDir);
  return Object.entries(readerPages()).map(([page, modules]) => {
    const urls = [manifest.entry, ...modulePreloads(manifest, [catalogue, ...modules])];
    const gzipBytes = urls.reduce((sum, url) => sum + fs.statSync(path.join(clientDir, `${path.basename(url)}.gz`)).size, 0);
    return { page, files: urls.length, gzipBytes };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = readerPageSizes(path.resolve('dist/client'));
  console.log('JS a reader loads, gzip (budget %s kB in %s files):', (CLIENT_JS_BUDGET_BYTES / 1024).toFixed(0), CLIENT_JS_BUDGET_FILES);
  for (const { page, files, gzipBytes } of sizes) {
    console.log(`  ${page.padEnd(30)} ${String(files).padStart(2)} files  ${(gzipBytes / 1024).toFixed(1).padStart(6)} kB`);
  }
}
