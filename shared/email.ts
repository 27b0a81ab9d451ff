/**
 * docs/specification/shell.md §5: word characters, dots or Chinese characters, then @, then a domain
 * with at least one dot.
 */
const EMAIL_PATTERN = /^[\w.\u4e00-\u9fa5]+@[\w-]+(\.[\w-]+)+$/u;

export function isValidEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text.trim());
}

/** E-mail addresses match case-insensitively: they are stored and compared lower-cased. */
export function normaliseEmail(text: string): string {
  return text.trim().toLowerCase();
}
