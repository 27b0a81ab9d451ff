import { findMembershipProduct } from '../../shared/membershipProducts';
import { formatCents } from '../../shared/money';
import type { CreateOrderRequest } from '../../shared/payments';

/**
 * `POST /api/payments/order/`'s body for a membership product, as the payment panel sends it: with
 * the price /member shows (shared/membershipProducts.ts). An unknown product gets a price of 1.00
 * (the server refuses the product before it compares the amount).
 */
export function membershipOrder(identity: string): CreateOrderRequest {
  const product = findMembershipProduct(identity);
  return { type: 'membership', identity, amount: formatCents(product?.amountCents ?? 100) };
}

/** The body for a booklet at the price its page shows (`payment.price.amount_cents`). */
export function bookletOrder(bookletId: number | string, priceCents: number): CreateOrderRequest {
  return { type: 'booklet', identity: String(bookletId), amount: formatCents(priceCents) };
}
