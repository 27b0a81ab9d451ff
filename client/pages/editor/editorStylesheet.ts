/** The entry is named editor-[hash].css by the build. */
const LINKED = 'link[rel="stylesheet"][href^="/static/editor-"]';

/**
 * The editor's stylesheet is its own build entry, linked by the server only on /editor
 * (reader pages never fetch it). A visit that reached /editor by navigating inside the app
 * adds the link here, reading its address from the build manifest.
 */
export function ensureEditorStylesheet(): void {
  if (document.querySelector(LINKED)) return;
  void fetch('/static/manifest.json', { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .then((manifest) => {
      const url = editorCssUrl(manifest);
      if (!url || document.querySelector(LINKED)) return;
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      document.head.append(link);
    })
    .catch(() => {});
}

function editorCssUrl(manifest: unknown): string | null {
  if (typeof manifest !== 'object' || manifest === null) return null;
  const pageCss = (manifest as { pageCss?: unknown }).pageCss;
  if (typeof pageCss !== 'object' || pageCss === null) return null;
  const urls = (pageCss as Record<string, unknown>)['client/pages/editor/page.tsx'];
  return Array.isArray(urls) && typeof urls[0] === 'string' ? urls[0] : null;
}
