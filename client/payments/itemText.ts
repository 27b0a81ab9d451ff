import { findMembershipProduct } from '../../shared/membershipProducts';
import type { OrderItem, OrderType, WalletTransaction } from '../../shared/payments';
import type { Translate } from '../i18n/pageTexts';
import type { PaymentTextKey } from './texts';

type PaymentTranslate = Translate<PaymentTextKey>;

/** What an order bought, in the reader's language: a membership by tier and period, a booklet by its name (its number when it is gone). */
export function itemText(t: PaymentTranslate, order: { type: OrderType; identity: string; item?: OrderItem | null }): string {
  if (order.type === 'membership') {
    const product = findMembershipProduct(order.identity);
    if (!product) return t('orders.membership', { identity: order.identity });
    return t('member.item', { level: t(`level.${product.level}`), period: t(`member.period.${product.period}`) });
  }
  const name = order.item?.name;
  return name ? t('orders.bookletNamed', { name }) : t('orders.booklet', { identity: order.identity });
}

/** Wallet entry kinds the pages name themselves (server/payments/wallet.ts writes the same in English for API clients). */
const NAMED_KINDS = [
  'order_booklet',
  'order_membership',
  'booklet_sale',
  'booklet_sale_refund',
  'wallet_refund',
  'withdrawal',
  'withdrawal_refund',
  'adjustment',
] as const;
type NamedKind = (typeof NAMED_KINDS)[number];

function isNamedKind(kind: string): kind is NamedKind {
  return (NAMED_KINDS as readonly string[]).includes(kind);
}

/** A wallet entry in the reader's language, naming what was bought or sold; the server's text for a kind the pages do not know. */
export function walletEntryText(t: PaymentTranslate, entry: WalletTransaction): string {
  if (!isNamedKind(entry.kind)) return entry.description || entry.kind;
  if (entry.kind === 'adjustment' && entry.note) return t('wallet.kind.adjustmentNoted', { note: entry.note });
  const item = entry.item ? itemText(t, { ...entry.item, item: entry.item }) : entry.order ? t('wallet.orderRef', { id: entry.order }) : '';
  return t(`wallet.kind.${entry.kind}`, { item });
}
