import { MEMBERSHIP_PRODUCTS } from '../../../shared/membershipProducts';
import { PLATFORM_ADJUSTMENTS, PLATFORM_ALIPAY, PLATFORM_CLEARING, PLATFORM_REVENUE, PLATFORM_WECHATPAY, walletAccount } from '../../../server/payments/ledger';
import { SANDBOX_NOTE, sandboxOpenId } from '../../../server/payments/withdrawals';
import { ANCHOR_MS, DAY_MS, NAMED, YEAR_MS } from '../plan';
import { sampleDistinct, skewedSplit } from '../random';
import { Rows } from '../sink';
import { articlesOf, type Model } from './model';

interface Booklet {
  id: number;
  owner: number;
  price: number;
}

interface OrderSpec {
  user: number;
  type: 'booklet' | 'membership';
  identity: string;
  amount: number;
  status: 'paid' | 'closed' | 'created' | 'failed';
  method: 'wallet' | 'alipay' | 'wechat' | null;
  created: number;
  /** The booklet's owner (booklet orders). */
  owner: number;
}

const MANUAL_PRODUCTS = MEMBERSHIP_PRODUCTS.filter((p) => p.kind === 'manual');

/**
 * Booklets with their trees (directories and article chapters of the owner's own articles, the later
 * chapters of a priced booklet paid), then orders in time order with the ledger rows the product books
 * for them (server/payments: orders.ts, fulfil.ts, the providers' settlements): a wallet payment moves
 * the buyer's wallet into clearing (after a top-up from adjustments), a provider's payment moves its
 * platform account into clearing; a booklet sale then pays the owner's wallet and records the purchase,
 * a membership goes to revenue. `richreader` buys thousands of times from their wallet. Last, the
 * best-earning authors withdraw (sandbox payouts: wallet into clearing, paid).
 */
export async function generateCommerce(model: Model): Promise<void> {
  const booklets = await generateBooklets(model);
  const specs = orderSpecs(model, booklets);
  await writeOrders(model, specs);
}

async function generateBooklets(model: Model): Promise<Booklet[]> {
  const { plan, random } = model;
  const owners = [...model.authorIds].filter((id) => id !== NAMED.hotwriter && articlesOf(model, id).length >= 3);
  const bigShare = Math.max(3, Math.round(plan.booklets * 0.01));
  const split = skewedSplit(random, plan.booklets - bigShare, owners.length, 0, Math.max(30, Math.ceil((plan.booklets * 3) / owners.length)));
  const ownerOf: number[] = Array.from({ length: bigShare }, () => NAMED.bigauthor);
  owners.forEach((owner, i) => {
    for (let k = 0; k < (split[i] ?? 0); k++) ownerOf.push(owner);
  });
  const rows = new Rows(model.sink, 'booklets', [
    'id',
    'slug',
    'owner_id',
    'name',
    'heading',
    'description',
    'cover_url',
    'price_cents',
    'currency',
    'trashed',
    'created_at',
    'modified_at',
  ]);
  const items = new Rows(model.sink, 'booklet_items', ['id', 'booklet_id', 'parent_id', 'type', 'article_id', 'slug', 'title', 'order', 'sales_mode']);
  const result: Booklet[] = [];
  let itemId = 1;
  for (let i = 0; i < ownerOf.length; i++) {
    const id = i + 1;
    const owner = ownerOf[i] ?? NAMED.bigauthor;
    const price = id === 1 || random.chance(0.4) ? random.between(1, 20) * 500 - 10 : 0;
    const trashed = id > 1 && random.chance(0.02);
    const created = ANCHOR_MS - 2 * YEAR_MS + random.below(2 * YEAR_MS - 30 * DAY_MS);
    const language = random.pick(['en', 'zh-CN', 'zh-TW'] as const);
    await rows.add([
      id,
      `${model.text.englishWord()}-book-${id.toString(36)}`.slice(0, 64),
      owner,
      model.text.title(language).slice(0, 200),
      model.text.title(language).slice(0, 300),
      model.text.paragraphText(language, random.between(100, 600)),
      '',
      price,
      'CNY',
      trashed ? 1 : 0,
      created,
      created + random.below(30 * DAY_MS),
    ]);
    if (!trashed) result.push({ id, owner, price });
    // The tree: a few directories at the root, the chapters under them (or at the root).
    const own = articlesOf(model, owner);
    const chapters = Math.min(own.length, random.between(3, 15));
    const picked = new Set<number>();
    while (picked.size < chapters) picked.add(own[random.below(own.length)] ?? 0);
    const directories: number[] = [];
    const dirCount = random.below(4);
    for (let d = 0; d < dirCount; d++) {
      directories.push(itemId);
      await items.add([itemId++, id, null, 'directory', null, `part-${d + 1}`, model.text.title(language).slice(0, 200), d, 'free']);
    }
    const orderIn = new Map<number | null, number>();
    let n = 0;
    for (const article of picked) {
      const parent = directories.length > 0 ? (directories[Math.min(directories.length - 1, Math.floor((n * directories.length) / chapters))] ?? null) : null;
      const order = orderIn.get(parent) ?? (parent === null ? dirCount : 0);
      orderIn.set(parent, order + 1);
      const paid = price > 0 && n >= 2;
      await items.add([itemId++, id, parent, 'article', article, `chapter-${n + 1}`, '', order, paid ? 'payment_required' : 'free']);
      n++;
    }
  }
  model.log(`booklets: ${rows.count} (${result.filter((b) => b.price > 0).length} priced), items: ${items.count}`);
  return result;
}

function orderSpecs(model: Model, booklets: readonly Booklet[]): OrderSpec[] {
  const { plan, random } = model;
  const priced = booklets.filter((b) => b.price > 0);
  const specs: OrderSpec[] = [];
  const when = () => ANCHOR_MS - 2 * YEAR_MS + random.below(2 * YEAR_MS - DAY_MS);
  const membership = (user: number, status: OrderSpec['status'], method: OrderSpec['method']): OrderSpec => {
    const product = random.pick(MANUAL_PRODUCTS);
    return { user, type: 'membership', identity: product.key, amount: product.amountCents, status, method, created: when(), owner: 0 };
  };

  // richreader: a priced booklet each (from the wallet), then memberships.
  const richBooklets = priced.slice(0, Math.floor(plan.richreaderOrders / 2));
  for (const b of richBooklets) {
    specs.push({
      user: NAMED.richreader,
      type: 'booklet',
      identity: String(b.id),
      amount: b.price,
      status: 'paid',
      method: 'wallet',
      created: when(),
      owner: b.owner,
    });
  }
  for (let k = richBooklets.length; k < plan.richreaderOrders; k++) {
    specs.push(random.chance(0.7) ? membership(NAMED.richreader, 'paid', 'wallet') : membership(NAMED.richreader, 'closed', null));
  }

  const rest = plan.orders - specs.length;
  const memberships = model.memberIds.length > 0 ? Math.floor(rest * 0.1) : 0;
  for (let k = 0; k < memberships; k++) {
    const user = model.memberIds[random.below(model.memberIds.length)] ?? NAMED.richreader;
    const paid = random.chance(0.85);
    specs.push(membership(user, paid ? 'paid' : 'closed', paid ? providerOrWallet(model) : null));
  }
  const bookletOrders = rest - memberships;
  const split = skewedSplit(random, bookletOrders, priced.length, 0, plan.users - 3);
  const excluded = new Set<number>([NAMED.plainreader, NAMED.richreader]);
  priced.forEach((b, i) => {
    for (const user of sampleDistinct(random, split[i] ?? 0, plan.users, model.marks, excluded)) {
      const roll = random.next();
      const status: OrderSpec['status'] = roll < 0.85 ? 'paid' : roll < 0.93 ? 'closed' : roll < 0.97 ? 'created' : 'failed';
      specs.push({
        user,
        type: 'booklet',
        identity: String(b.id),
        amount: b.price,
        status,
        method: status === 'paid' ? providerOrWallet(model) : status === 'created' ? null : random.pick(['alipay', 'wechat'] as const),
        created: when(),
        owner: b.owner,
      });
    }
  });
  return specs.sort((a, b) => a.created - b.created);
}

function providerOrWallet(model: Model): OrderSpec['method'] {
  const roll = model.random.next();
  return roll < 0.1 ? 'wallet' : roll < 0.55 ? 'alipay' : 'wechat';
}

async function writeOrders(model: Model, specs: readonly OrderSpec[]): Promise<void> {
  const { plan, random } = model;
  const orders = new Rows(model.sink, 'orders', [
    'id',
    'ref',
    'user_id',
    'type',
    'identity',
    'amount_cents',
    'currency',
    'status',
    'method',
    'provider_ref',
    'created_at',
    'paid_at',
  ]);
  const ledger = new Rows(model.sink, 'ledger_entries', ['id', 'txn_id', 'account', 'amount_cents', 'kind', 'ref', 'created_at']);
  const purchases = new Rows(model.sink, 'booklet_purchases', ['id', 'booklet_id', 'user_id', 'order_ref', 'created_at']);
  const balances = new Map<number, number>();
  let entryId = 1;
  let txn = 0;
  const transfer = async (from: string, to: string, cents: number, kind: string, ref: string, at: number): Promise<string> => {
    const id = `00000000-0000-4000-8000-${(++txn).toString(16).padStart(12, '0')}`;
    await ledger.add([entryId++, id, from, -cents, kind, ref, at]);
    await ledger.add([entryId++, id, to, cents, kind, ref, at]);
    for (const [account, delta] of [
      [from, -cents],
      [to, cents],
    ] as const) {
      if (account.startsWith('wallet:')) {
        const user = Number(account.slice(7));
        balances.set(user, (balances.get(user) ?? 0) + delta);
      }
    }
    return id;
  };

  let id = 0;
  let purchaseId = 1;
  for (const spec of specs) {
    id++;
    const ref = `b${id.toString(36).padStart(7, '0')}${Math.floor(random.next() * 36 ** 8)
      .toString(36)
      .padStart(8, '0')}`;
    const paidAt = spec.status === 'paid' ? spec.created + random.between(5_000, 600_000) : null;
    await orders.add([
      id,
      ref,
      spec.user,
      spec.type,
      spec.identity,
      spec.amount,
      'CNY',
      spec.status,
      spec.method,
      spec.method === 'alipay' || spec.method === 'wechat' ? `${spec.method}-${id}` : null,
      spec.created,
      paidAt,
    ]);
    if (paidAt === null) continue;
    // The money into clearing: from the buyer's wallet (topped up first when short), or from the provider.
    if (spec.method === 'wallet') {
      const wallet = walletAccount(spec.user);
      if ((balances.get(spec.user) ?? 0) < spec.amount) {
        await transfer(
          PLATFORM_ADJUSTMENTS,
          wallet,
          Math.max(spec.amount, spec.user === NAMED.richreader ? 100_000 : spec.amount),
          'adjustment',
          'Top-up',
          spec.created - 60_000,
        );
      }
      await transfer(wallet, PLATFORM_CLEARING, spec.amount, `order_${spec.type}`, ref, paidAt);
    } else {
      await transfer(
        spec.method === 'alipay' ? PLATFORM_ALIPAY : PLATFORM_WECHATPAY,
        PLATFORM_CLEARING,
        spec.amount,
        spec.method === 'alipay' ? 'alipay' : 'wechatpay',
        ref,
        paidAt,
      );
    }
    // Delivery.
    if (spec.type === 'membership') {
      await transfer(PLATFORM_CLEARING, PLATFORM_REVENUE, spec.amount, 'membership', ref, paidAt);
    } else {
      await purchases.add([purchaseId++, Number(spec.identity), spec.user, ref, paidAt]);
      await transfer(PLATFORM_CLEARING, walletAccount(spec.owner), spec.amount, 'booklet_sale', ref, paidAt);
    }
  }

  // Withdrawals of the best-earning authors: a tenth of what they hold, a few times.
  const earners = [...balances.entries()]
    .filter(([user]) => user !== NAMED.richreader)
    .sort((a, b) => b[1] - a[1])
    .slice(0, plan.withdrawingAuthors);
  const withdrawals = new Rows(model.sink, 'withdrawals', [
    'id',
    'user_id',
    'amount_cents',
    'app_id',
    'open_id',
    'status',
    'note',
    'created_at',
    'paid_at',
    'txn_id',
    'out_batch_no',
    'out_detail_no',
    'batch_id',
    'failure',
    'attempts',
    'attempted_at',
  ]);
  let withdrawalId = 1;
  for (const [user] of earners) {
    for (let k = 0; k < plan.withdrawalsEach; k++) {
      const amount = Math.floor((balances.get(user) ?? 0) / 10);
      if (amount < 100) break;
      const at = ANCHOR_MS - (plan.withdrawalsEach - k) * DAY_MS;
      const wid = withdrawalId++;
      const txnId = await transfer(walletAccount(user), PLATFORM_CLEARING, amount, 'withdrawal', `withdrawal:${wid}`, at);
      await withdrawals.add([wid, user, amount, 'sandbox', sandboxOpenId(user), 'paid', SANDBOX_NOTE, at, at, txnId, null, null, null, null, 0, null]);
    }
  }
  model.log(
    `orders: ${orders.count} (richreader ${plan.richreaderOrders}), ledger entries: ${ledger.count}, purchases: ${purchases.count}, withdrawals: ${withdrawals.count}`,
  );
}
