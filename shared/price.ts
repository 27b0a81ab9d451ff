import type { BookletPrice } from './entities';

const SYMBOLS: Readonly<Record<string, string>> = { CNY: '¥', USD: '$', EUR: '€', TWD: 'NT$', HKD: 'HK$' };

/**
 * A price for display, the same on the server and in every browser (Intl's currency
 * symbols differ between ICU builds, which would break hydration): `¥12.00`, `12.00 XYZ`.
 */
export function formatPrice(price: BookletPrice): string {
  const amount = (Math.max(0, Math.round(price.amount_cents)) / 100).toFixed(2);
  const symbol = SYMBOLS[price.currency];
  return symbol ? `${symbol}${amount}` : `${amount} ${price.currency}`;
}

/** The most a booklet may cost: ¥100,000. */
export const MAX_BOOKLET_PRICE_CENTS = 10_000_000;

/**
 * A booklet's price as its author or an operator writes it, in yuan ('20', '20.5', '20.50';
 * '0' for free), as cents; null for anything else (signs, exponents, three decimals, too much).
 */
export function parseBookletPrice(text: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_BOOKLET_PRICE_CENTS ? cents : null;
}

/** Cents as a price field shows them: '20.50', '0.00'. */
export function priceText(cents: number): string {
  return (Math.max(0, Math.round(cents)) / 100).toFixed(2);
}
