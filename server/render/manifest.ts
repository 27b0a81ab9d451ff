import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const manifestSchema = z.object({
  /** URL of the browser entry script. */
  entry: z.string(),
  /** URLs of the stylesheets every page links. */
  css: z.array(z.string()),
  /** Page source file -> the stylesheets only that page links (the editor's). */
  pageCss: z.record(z.string(), z.array(z.string())).default({}),
  /** Source file -> the URLs of its chunk and every chunk it imports statically. */
  modules: z.record(z.string(), z.array(z.string())),
});

export type AssetManifest = z.infer<typeof manifestSchema>;

export const ENTRY_MODULE = 'client/entry.tsx';
/** The page with a stylesheet of its own (esbuild.config.mjs PAGE_STYLESHEETS). */
export const EDITOR_PAGE_MODULE = 'client/pages/editor/page.tsx';

/** Reads the manifest the build wrote beside the hashed assets. */
export function loadManifest(clientDir: string): AssetManifest {
  const file = path.join(clientDir, 'manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`No client build at ${file}: run \`npm run build\` first.`);
  }
  return manifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** The scripts to preload for a page: the entry's chunks, then each module's, without repeats. */
export function modulePreloads(manifest: AssetManifest, modules: readonly string[]): string[] {
  const urls = new Set<string>();
  for (const module of [ENTRY_MODULE, ...modules]) {
    for (const url of manifest.modules[module] ?? []) urls.add(url);
  }
  urls.delete(manifest.entry);
  return [...urls];
}

/** The stylesheets of a page: those every page links, then the matched pages' own. */
export function pageStylesheets(manifest: AssetManifest, modules: readonly string[]): string[] {
  return [...manifest.css, ...modules.flatMap((module) => manifest.pageCss[module] ?? [])];
}

/** The same manifest with its `/static` URLs under another base (ASSET_BASE_URL, a CDN serving CLIENT_DIR). */
export function withAssetBase(manifest: AssetManifest, base: string | undefined): AssetManifest {
  if (!base) return manifest;
  const move = (url: string): string => (url.startsWith(STATIC_PREFIX) ? `${base}/${url.slice(STATIC_PREFIX.length)}` : url);
  const moveAll = (urls: readonly string[]): string[] => urls.map(move);
  return {
    entry: move(manifest.entry),
    css: moveAll(manifest.css),
    pageCss: Object.fromEntries(Object.entries(manifest.pageCss).map(([page, urls]) => [page, moveAll(urls)])),
    modules: Object.fromEntries(Object.entries(manifest.modules).map(([module, urls]) => [module, moveAll(urls)])),
  };
}

/** Where the build's manifest says its files are (esbuild.config.mjs). */
const STATIC_PREFIX = '/static/';
