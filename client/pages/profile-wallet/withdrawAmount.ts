/**
 * docs/specification/content-and-commerce.md §5: a withdrawal amount must parse as a non-zero number, otherwise nothing
 * happens. Returns the amount to send (at most 2 decimals), or null.
 */
export function withdrawAmount(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value.toFixed(2) : null;
}
