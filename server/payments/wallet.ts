import type { Kysely } from 'kysely';
import { countThenPage } from '../db/countThenPage';
import type { DB } from '../db/schema';
import type { WalletBalance, WalletTransaction } from '../../shared/payments';
import { balanceCents, walletAccount } from './ledger';
import { formatCents } from '../../shared/money';
import { itemKey, orderItems } from './orderItems';

/** The wallet's balance as the API shows it: the ledger's sum. */
export async function walletBalance(db: Kysely<DB>, userId: number): Promise<WalletBalance & { currency_symbol: '¥'; currency: 'CNY' }> {
  const cents = await balanceCents(db, walletAccount(userId));
  return { currency_symbol: '¥' as const, net_amount: formatCents(cents), currency: 'CNY' as const };
}

/** One page of the wallet's ledger entries, newest first. */
export async function walletTransactions(
  db: Kysely<DB>,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: WalletTransaction[] }> {
  const account = walletAccount(userId);
  const { count, rows } = await countThenPage(db.selectFrom('ledger_entries').where('account', '=', account), page, pageSize, (slice) =>
    slice.select(['id', 'kind', 'ref', 'amount_cents', 'created_at']).orderBy('id', 'desc').execute(),
  );
  const refs = [...new Set(rows.filter((row) => ORDER_KINDS.has(row.kind)).map((row) => row.ref))];
  const orders = refs.length > 0 ? await db.selectFrom('orders').select(['ref', 'type', 'identity']).where('ref', 'in', refs).execute() : [];
  const items = await orderItems(db, orders);
  const itemOf = new Map(orders.map((order) => [order.ref, items.get(itemKey(order)) ?? null]));
  return {
    count,
    results: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: formatCents(Math.abs(row.amount_cents)),
      direction: row.amount_cents >= 0 ? 'in' : 'out',
      description: describe(row.kind, row.ref),
      created: new Date(row.created_at).toISOString(),
      order: ORDER_KINDS.has(row.kind) ? row.ref : null,
      item: itemOf.get(row.ref) ?? null,
      note: row.kind === 'adjustment' && row.ref ? row.ref : null,
    })),
  };
}

/** Entries whose `ref` is an order's: the buyer's payment and refund, the author's sale and its refund. */
const ORDER_KINDS: ReadonlySet<string> = new Set(['order_membership', 'order_booklet', 'wallet_refund', 'booklet_sale', 'booklet_sale_refund']);

/** The entry in English, for API clients; the site's pages name it in the reader's language from `kind`, `order` and `item`. */
function describe(kind: string, ref: string): string {
  switch (kind) {
    case 'withdrawal':
      return 'Withdrawal to WeChat';
    case 'withdrawal_refund':
      return 'Withdrawal failed: money returned';
    case 'adjustment':
      return ref || 'Adjustment';
    case 'booklet_sale':
      return `Booklet sale (order ${ref})`;
    case 'order_membership':
      return `Membership payment (order ${ref})`;
    case 'order_booklet':
      return `Booklet purchase (order ${ref})`;
    case 'wallet_refund':
      return `Refund (order ${ref})`;
    case 'booklet_sale_refund':
      return `Booklet sale refunded (order ${ref})`;
    default:
      return kind.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  }
}
