/**
 * The editor's stylesheet is its own build entry, linked by the server only on /editor
 * (reader pages never fetch it). A visit that reached /editor by navigating inside the app
 * (after signing in, from the menu) adds the link here, at the address the server put in
 * the page's environment.
 */
export function ensureEditorStylesheet(href: string | undefined): void {
  if (!href || document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
