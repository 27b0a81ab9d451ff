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
