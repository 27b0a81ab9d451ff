import { formatCents, parseAmountCents } from '../../../shared/money';

/**
 * docs/specification/content-and-commerce.md §5: a withdrawal amount must parse as a non-zero
 * number, otherwise nothing happens. The rule is the API's own (shared/money.ts), its upper
 * bound included. Returns the amount to send (2 decimals), or null.
 */
export function withdrawAmount(text: string): string | null {
  const cents = parseAmountCents(text);
  return cents === null ? null : formatCents(cents);
}
