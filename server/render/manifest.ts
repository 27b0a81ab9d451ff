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
/** The page with a stylesheet of its own (build.mjs PAGE_STYLESHEETS). */
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
