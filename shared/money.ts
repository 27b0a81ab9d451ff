/** The most one transfer may move: 10 million yuan, far below 2^53 and bigint. */
export const MAX_TRANSFER_CENTS = 1_000_000_000;

/** Cents as the API writes amounts: a 2-place decimal, '-0.50', '12.34'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A positive amount of money in yuan ('12.3', 12.34) as cents, or null: at most two
 * decimals, no exponents, signs, NaN or Infinity, and at most MAX_TRANSFER_CENTS. The
 * wallet's withdrawal form and the API take amounts by this one rule.
 */
export function parseAmountCents(input: unknown): number | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : typeof input === 'string' ? input.trim() : '';
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 && cents <= MAX_TRANSFER_CENTS ? cents : null;
}
