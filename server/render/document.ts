import { escapeHtml } from '../../shared/escapeHtml';
import { serializeJsonForScript } from '../../shared/serializeJson';
import type { HeadMeta } from '../seo/pageHead';
import { headTags } from '../seo/headTags';

export interface DocumentHeadParts {
  lang: string;
  /** Title, description, robots, canonical, OpenGraph, Twitter card, feeds, JSON-LD (server/seo/pageHead.ts). */
  meta: HeadMeta;
  entryScript: string;
  preloads: readonly string[];
  stylesheets: readonly string[];
  /** The store snapshot, rebuilt in the browser before hydration. */
  state: unknown;
  /** The route errors the page shows, for the browser's router (`serializeErrors()`). */
  routerData: unknown;
}

/**
 * Everything before React's markup. Data travels in JSON blocks, which are not
 * executed, so no inline script is needed and CSP stays strict.
 */
export function documentHead(parts: DocumentHeadParts): string {
  const preloads = parts.preloads.map((url) => `<link rel="modulepreload" href="${escapeHtml(url)}">`).join('');
  const styles = parts.stylesheets.map((url) => `<link rel="stylesheet" href="${escapeHtml(url)}">`).join('');
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(parts.lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    headTags(parts.meta) +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
    styles +
    `<script type="module" src="${escapeHtml(parts.entryScript)}"></script>` +
    preloads +
    `</head><body>` +
    `<script type="application/json" id="__STATE__">${serializeJsonForScript(parts.state)}</script>` +
    `<script type="application/json" id="__ROUTER__">${serializeJsonForScript(parts.routerData)}</script>` +
    `<div id="root">`
  );
}

export const DOCUMENT_TAIL = '</div></body></html>';

/** The last resort when even the error page cannot render (docs/specification/shell.md §8). */
export function fallbackDocument(lang: string, text: string): string {
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(text)}</title></head>` +
    `<body><main><p>${escapeHtml(text)}</p><p><a href="/">/</a></p></main></body></html>`
  );
}
