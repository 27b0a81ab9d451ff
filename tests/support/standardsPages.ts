import type { Kysely } from 'kysely';
import { UserDirectory } from '../../server/accounts/users';
import { moderateArticle } from '../../server/content/moderation';
import type { DB } from '../../server/db/schema';
import { DEMO_AUTHOR } from '../../server/startup/seed/demoContent';
import { PLATFORM_REVENUE, spendFromWallet } from '../../server/payments/ledger';
import { createOrder } from '../../server/payments/orders';
import { findMembershipProduct } from '../../shared/membershipProducts';

/**
 * The pages the standards checks visit (tests/e2e/accessibility.test.ts with axe-core,
 * scripts/validateHtml.ts with the Nu Html Checker): every page type of the demo, its error screens
 * included, signed out and in, in English and Chinese. The demo gets what it lacks first
 * (prepareStandardsSite): a banned and a suspended article and a banned account, for the 403 screens,
 * a booklet bought from the reader's wallet, so the wallet lists money out as well as in, and an
 * order of the reader's still waiting for its payment, for the payment return page.
 */

export type Locale = 'en' | 'zh-CN' | 'zh-TW';

/** Who reads: nobody, the demo reader (a wallet, a bought booklet) or the demo author (articles, the editor's list). */
export type Reader = 'anonymous' | 'reader' | 'author';

export interface StandardsView {
  path: string;
  status: number;
  reader: Reader;
  locale: Locale;
  width: 1280 | 390;
}

export const READERS: Record<Exclude<Reader, 'anonymous'>, { email: string; password: string }> = {
  reader: { email: 'reader@zine.local', password: 'zine-demo-2026' },
  author: DEMO_AUTHOR,
};

const BANNED_ARTICLE = 'things-my-grandmother-kept';
const SUSPENDED_ARTICLE = 'drawing-the-night-market';
const BANNED_ACCOUNT = 'closedcolumn';
/** The ref of the reader's unpaid order (a membership), for the return page of WeChat's H5 pay. */
const WAITING_ORDER = 'StandardsRet';
const WAITING_PRODUCT = 'vip_monthly_manual';

/** What the demo lacks for the checks: the 403 screens' causes, the wallet's money out, an order waiting. */
export async function prepareStandardsSite(db: Kysely<DB>, now: number): Promise<void> {
  await moderateArticle(db, BANNED_ARTICLE, 'banned', now);
  await moderateArticle(db, SUSPENDED_ARTICLE, 'suspended', now);
  await new UserDirectory(db, () => now).create({ email: 'closed@zine.local', username: BANNED_ACCOUNT, password: 'zine-demo-2026', status: 'banned' });
  const reader = await db.selectFrom('users').select('id').where('email', '=', READERS.reader.email).executeTakeFirstOrThrow();
  await db.transaction().execute((trx) => spendFromWallet(trx, reader.id, 990, { to: PLATFORM_REVENUE, kind: 'booklet', ref: 'standards-check', now }));
  const product = findMembershipProduct(WAITING_PRODUCT);
  if (!product) throw new Error(`no membership product ${WAITING_PRODUCT}`);
  const order = await createOrder(db, reader.id, { type: 'membership', identity: product.key, amountCents: product.amountCents }, now);
  await db.updateTable('orders').set({ ref: WAITING_ORDER }).where('id', '=', order.id).execute();
}

interface PageSpec {
  path: string;
  status?: number;
  /** The one reader it is for; anonymous and the demo reader by turns when absent. */
  only?: Reader;
  /** Checked in one view only (a screen of a kind that other pages check twice). */
  once?: true;
}

const PAGES: readonly PageSpec[] = [
  { path: '/' },
  { path: '/found/' },
  { path: '/article/the-art-of-the-second-draft/' },
  { path: '/article/west-lake-in-the-rain/' },
  // A paid booklet chapter: its paywall for a stranger, its text for the reader who bought it.
  { path: '/article/the-walkers-notebook-the-notebook-habit/' },
  { path: '/booklet/the-walkers-notebook/' },
  { path: '/booklet/the-walkers-notebook/why-walk/' },
  { path: '/booklet/hangzhou-slow-guide/the-old-tea-house/' },
  { path: '/@olivergrant/' },
  { path: '/@olivergrant/articles/' },
  { path: '/@linqiao/collections/' },
  { path: '/search/?q=walk' },
  { path: '/member/' },
  { path: '/page/guide/', once: true },
  { path: '/business/', once: true },
  { path: '/apps/download/', once: true },
  { path: '/redeem/', once: true },
  { path: '/reseller/digital_lizhi/', once: true },
  { path: '/sign/in/', only: 'anonymous' },
  { path: '/h5/sms_code/', only: 'anonymous', once: true },
  { path: '/profile/wallet/', only: 'reader' },
  { path: '/profile/orders/', only: 'reader' },
  // Where WeChat's H5 cashier brings the payer back (docs/decisions/069), the order still waiting.
  { path: `/payments/return/${WAITING_ORDER}/?next=/member/`, only: 'reader' },
  { path: '/profile/notification/', only: 'author' },
  { path: '/editor', only: 'author' },
  { path: '/editor/stats/?days=30', only: 'author' },
  { path: '/article/west-lake-in-the-rain/review/', only: 'author' },
  { path: '/no/such/page/', status: 404 },
  { path: '/article/no-such-article/', status: 404, only: 'anonymous', once: true },
  // An address the server cannot decode: the generic error screen, with its details.
  { path: '/article/%00/', status: 400, only: 'reader' },
  { path: `/article/${BANNED_ARTICLE}/`, status: 403 },
  { path: `/article/${SUSPENDED_ARTICLE}/`, status: 403, only: 'anonymous', once: true },
  { path: `/@${BANNED_ACCOUNT}/`, status: 403, only: 'anonymous' },
];

/** The pages shown in traditional Chinese as well. */
const TRADITIONAL = new Set(['/', '/article/west-lake-in-the-rain/']);

/**
 * Each page twice: in English at 1280 px and in simplified Chinese at 390 px, by turns signed out and
 * signed in (a page one reader only sees, both times by them); a page checked once, by turns one of
 * the two; a few in traditional Chinese too.
 */
export const STANDARDS_VIEWS: readonly StandardsView[] = PAGES.flatMap(({ path, status = 200, only, once }, i): StandardsView[] => {
  const [first, second]: [Reader, Reader] = only ? [only, only] : i % 2 === 0 ? ['anonymous', 'reader'] : ['reader', 'anonymous'];
  const english: StandardsView = { path, status, reader: first, locale: 'en', width: 1280 };
  const chinese: StandardsView = { path, status, reader: second, locale: 'zh-CN', width: 390 };
  return [
    ...(once ? [i % 2 === 0 ? english : chinese] : [english, chinese]),
    ...(TRADITIONAL.has(path) ? [{ path, status, reader: first, locale: 'zh-TW', width: 390 } as const] : []),
  ];
});

/** The address of a view, its locale asked for by `__lang`. */
export function viewUrl(origin: string, view: Pick<StandardsView, 'path' | 'locale'>): string {
  const url = new URL(view.path, origin);
  url.searchParams.set('__lang', view.locale);
  return url.href;
}

export function describeView(view: StandardsView): string {
  return `${view.path} (${view.locale}, ${view.width} px, ${view.reader})`;
}
