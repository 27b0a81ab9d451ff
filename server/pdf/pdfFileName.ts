/** Characters no file system or download dialog should see in a name. */
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
const MAX_NAME_LENGTH = 80;

/**
 * The download's file name from the article's title: unsafe characters dropped,
 * whitespace collapsed, at most 80 characters (whole code points), `.pdf` added.
 */
export function pdfFileName(title: string): string {
  const cleaned = title
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  const cut = Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join('').trim();
  return `${cut || 'article'}.pdf`;
}
