import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { MemberTier } from '../../shared/constants';
import type { NotificationKind } from '../../shared/notifications';

/**
 * The tables as the services see them. Both engines store times as epoch
 * milliseconds (bigint) and flags as 0/1 integers, so rows look the same on either.
 */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  articles: ArticlesTable;
  article_slugs: ArticleSlugsTable;
  comments: CommentsTable;
  tracking_events: TrackingEventsTable;
  likes: ReactionsTable;
  favorites: ReactionsTable;
  follows: FollowsTable;
  content_changes: ContentChangesTable;
  page_views: PageViewsTable;
  page_view_readers: PageViewReadersTable;
  article_share_codes: ArticleShareCodesTable;
  sms_codes: SmsCodesTable;
  wechat_identities: WechatIdentitiesTable;
  notifications: NotificationsTable;
  booklets: BookletsTable;
  booklet_items: BookletItemsTable;
  booklet_ratings: BookletRatingsTable;
  booklet_purchases: BookletPurchasesTable;
  contact_messages: ContactMessagesTable;
  media_files: MediaFilesTable;
  media_traffic: MediaTrafficTable;
  pdf_exports: PdfExportsTable;
  article_tags: ArticleTagsTable;
  fonts: FontsTable;
  colors: ColorsTable;
  redeem_codes: RedeemCodesTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  ledger_entries: LedgerEntriesTable;
  withdrawals: WithdrawalsTable;
  orders: OrdersTable;
  payment_callback_nonces: PaymentCallbackNoncesTable;
  search_documents: SearchDocumentsTable;
  search_meta: SearchMetaTable;
  wechatpay_orders: WechatPayOrdersTable;
  alipay_orders: AlipayOrdersTable;
  refunds: RefundsTable;
  trade_refunds: TradeRefundsTable;
  rate_limits: RateLimitsTable;
  job_leases: JobLeasesTable;
  wechatpay_certificates: WechatPayCertificatesTable;
  subscriptions: SubscriptionsTable;
  subscription_reminders: SubscriptionRemindersTable;
  article_counts: ArticleCountsTable;
  user_counts: UserCountsTable;
  article_versions: ArticleVersionsTable;
  notification_counts: NotificationCountsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  newsletter_sends: NewsletterSendsTable;
  site_secrets: SiteSecretsTable;
  article_stats: ArticleStatsTable;
  author_stats: AuthorStatsTable;
}

export type BaseRole = 'user' | 'reseller' | 'operator';
export type AccountStatus = 'active' | 'inactive' | 'banned' | 'suspended';

export interface UsersTable {
  id: Generated<number>;
  /** Stored lower-cased: e-mail matching is case-insensitive on both engines. */
  email: string;
  username: string;
  password_hash: string;
  role: BaseRole;
  /** The paid tier and its expiry, kept apart so 'User Expired' differs from 'never paid'. */
  membership_tier: MemberTier | null;
  membership_expires_at: number | null;
  status: AccountStatus;
  avatar: string;
  description: string;
  gender: number | null;
  birthday: string | null;
  city: string;
  city_key: string;
  habits: string;
  habits_key: string;
  created_at: number;
}

export interface SessionsTable {
  /** sha256 of the `sessionid` cookie: a leaked table holds no usable session. */
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface ApiTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  label: string;
  created_at: number;
  last_used_at: number | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export type ArticleVisibility = 'private' | 'public';
export type ModerationState = 'none' | 'banned' | 'suspended';

export interface ArticlesTable {
  id: Generated<number>;
  slug: string;
  author_id: number;
  title: string;
  description: string;
  cover_url: string;
  /** Sanitised HTML. */
  content: string;
  /** The version of the HTML rules `content` was cleaned by; 0: not yet (migration 020). */
  content_rules: Generated<number>;
  theme: string;
  style: string;
  word_count: number;
  language: string;
  client_modify_date: number;
  visibility: ArticleVisibility;
  moderation: ModerationState;
  trashed: number;
  created_at: number;
  modified_at: number;
  /** The editor tab (X-Client-Id) that saved it last (migration 013). */
  last_client_id: Generated<string>;
  /** When it was first made public; null: never. Its first publication names it from its title (migration 035). */
  published_at: number | null;
}

/** A slug an article had before: its old address answers with a 301 to the current one (migration 035). */
export interface ArticleSlugsTable {
  slug: string;
  article_id: number;
  created_at: number;
}

export interface CommentsTable {
  id: Generated<number>;
  article_id: number;
  author_id: number;
  /** The comment this one replies to. */
  parent_id: number | null;
  text: string;
  created_at: number;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface TrackingEventsTable {
  id: Generated<number>;
  cate: string;
  event: string;
  status: string;
  method: string;
  msg: string;
  order_id: string;
  page: string;
  path: string;
  uid: string;
  sid: string;
  version: string;
  user_agent: string;
  created_at: number;
}

/** A like or a favourite: one per reader and article. */
export interface ReactionsTable {
  article_id: number;
  user_id: number;
  created_at: number;
}

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: number;
}

/** One row per change of something a cached page shows; see server/content/changes.ts. */
export interface ContentChangesTable {
  id: Generated<number>;
  key: string;
  created_at: number;
}

/** A booklet: a tree of chapters (articles) under directories, optionally sold as a whole. */
export interface BookletsTable {
  id: Generated<number>;
  slug: string;
  owner_id: number;
  name: string;
  heading: string;
  description: string;
  cover_url: string;
  /** What buying the booklet costs, in the currency's smallest unit (cents, fen). */
  price_cents: number;
  currency: string;
  trashed: number;
  created_at: number;
  modified_at: number;
}

export type BookletItemType = 'directory' | 'article';
export type SalesMode = 'free' | 'payment_required';

/** One node of a booklet's tree: a directory (own title) or an article chapter. */
export interface BookletItemsTable {
  id: Generated<number>;
  booklet_id: number;
  parent_id: number | null;
  type: BookletItemType;
  /** Set for article items. */
  article_id: number | null;
  /** Unique within the booklet; `end` is reserved for the end screen. */
  slug: string;
  /** Directories only; an article item shows its article's title. */
  title: string;
  order: number;
  sales_mode: SalesMode;
}

/** One per reader and booklet; a second rating replaces the first. */
export interface BookletRatingsTable {
  id: Generated<number>;
  booklet_id: number;
  user_id: number;
  /** 1..5 */
  rating: number;
  review: string;
  created_at: number;
  modified_at: number;
}

/** A reader who bought a booklet reads every chapter of it. */
export interface BookletPurchasesTable {
  id: Generated<number>;
  booklet_id: number;
  user_id: number;
  /** The commerce order that paid for it, once orders exist. */
  order_ref: string | null;
  created_at: number;
}

/** Page views of an author's articles in a UTC month ('YYYY-MM'); see server/content/pageViews.ts. */
/** An uploaded image (migration 014): its key is unique, so no upload overwrites another. */
export interface MediaFilesTable {
  id: Generated<number>;
  key: string;
  user_id: number;
  article_id: number | null;
  bytes: number;
  content_type: string;
  created_at: number;
}

/** Upload traffic per user and UTC month 'YYYY-MM' (migration 014). */
export interface MediaTrafficTable {
  user_id: number;
  month: string;
  bytes_used: number;
}

export interface PageViewsTable {
  author_id: number;
  month: string;
  count: number;
}

/** A reader counted once for an article on a UTC day ('YYYY-MM-DD'), migration 031; see server/content/pageViews.ts. */
export interface PageViewReadersTable {
  day: string;
  article_id: number;
  /** `u:<user id>`, or `a:` and an anonymous reader's keyed hash of the day (server/security/readerKeys.ts). */
  reader: string;
  /** 1 once the reader's read beacon counted a read of the article that day (migration 041, server/stats/reads.ts). */
  read: Generated<number>;
}

/** An article's numbers in one UTC hour (`hour`: epoch ms / 3,600,000), migration 041, docs/decisions/074. */
export interface ArticleStatsTable {
  article_id: number;
  hour: number;
  views: Generated<number>;
  reads: Generated<number>;
  likes: Generated<number>;
  favorites: Generated<number>;
  comments: Generated<number>;
  newsletter_sends: Generated<number>;
}

/** An author's numbers in one UTC hour, over all their articles, with their new followers and sale income. */
export interface AuthorStatsTable {
  author_id: number;
  hour: number;
  views: Generated<number>;
  reads: Generated<number>;
  likes: Generated<number>;
  favorites: Generated<number>;
  comments: Generated<number>;
  followers: Generated<number>;
  newsletter_sends: Generated<number>;
  income_cents: Generated<number>;
}

/** A share link's code; a revoked code no longer opens the article. */
export interface ArticleShareCodesTable {
  id: Generated<number>;
  article_id: number;
  code: string;
  created_at: number;
  revoked_at: number | null;
}

/** Feedback from the popup (migration 010). */
export interface ContactMessagesTable {
  id: Generated<number>;
  email: string;
  message: string;
  user_id: number | null;
  created_at: number;
}

/** One event for one recipient (docs/specification/shell.md §3); `read_at` is null while unread. */
export interface NotificationsTable {
  id: Generated<number>;
  recipient_id: number;
  actor_id: number;
  type: NotificationKind;
  article_id: number | null;
  comment_id: number | null;
  created_at: number;
  read_at: number | null;
}

/** A phone code of the SMS page, hashed (migration 011). */
export interface WechatIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  app: 'web' | 'mp';
  openid: string;
  unionid: string | null;
  created_at: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  address: string;
  created_at: number;
  expires_at: number;
  attempts: Generated<number>;
  used_at: number | null;
}

/** An article's tags, in the author's order (migration 013). */
export type ArticleVersionKind = 'autosave' | 'save' | 'publish' | 'restore';

/** An article's kept versions (migration 038, server/content/versionStore.ts). */
export interface ArticleVersionsTable {
  id: Generated<number>;
  article_id: number;
  saved_by: number;
  created_at: number;
  kind: ArticleVersionKind;
  /** 1 when the article was public with this text. */
  published: number;
  title: string;
  word_count: number;
  /** Characters of the stored HTML. */
  content_length: number;
  /** 1: `body` is the brotli-compressed HTML; 0: a change against the version before it. */
  full: number;
  body: Buffer;
  body_size: number;
}

export interface ArticleTagsTable {
  article_id: number;
  tag: string;
  position: number;
}

/** The editor's fonts (migration 013): `font_name` is the CSS family; a web font's stylesheet, or a local font's name. */
export interface FontsTable {
  id: Generated<number>;
  font_name: string;
  web_font_url: string;
  local_font_name: string;
  position: number;
}

/** The editor's text colours (migration 013), black first. */
export interface ColorsTable {
  id: Generated<number>;
  color_value: string;
  position: number;
}

/** A PDF export of an article version (migration 015, docs/decisions/020). */
export interface PdfExportsTable {
  id: Generated<number>;
  /** Null once the article is deleted for good: the export still counts in its month. */
  article_id: number | null;
  user_id: number;
  /** The article's client_modify_date the export was made from. */
  article_version: number;
  status: 'pending' | 'processing' | 'success' | 'failed';
  /** The file's name under DATA_DIR/pdfs, once made. */
  file: Generated<string>;
  error: Generated<string>;
  /** 1 once a status call has answered the failure: the next call starts a new export. */
  failure_reported: Generated<number>;
  created_at: number;
  /** When rendering first started. */
  started_at: number | null;
  finished_at: number | null;
  /** The worker holding the job's claim, and when it took it: the lease (migration 024, docs/decisions/043). */
  claimed_by: string | null;
  claimed_at: number | null;
  /** How many times the job was claimed: one whose renderer died is claimed again, a few times at most. */
  attempts: Generated<number>;
}

/** One side of a ledger transfer (migration 017, docs/decisions/024): a txn's rows sum to zero. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  txn_id: string;
  /** 'wallet:<user id>' or 'platform:clearing' | 'platform:revenue' | 'platform:adjustments'. */
  account: string;
  /** Signed integer cents: plus into the account, minus out of it. */
  amount_cents: number;
  kind: string;
  ref: string;
  created_at: number;
}

/** A withdrawal to a WeChat wallet (migration 017). */
export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  amount_cents: number;
  app_id: string;
  open_id: string;
  status: WithdrawalStatus;
  note: Generated<string>;
  created_at: number;
  paid_at: number | null;
  txn_id: string;
  /**
   * WeChat Pay's transfer numbers (migration 027, docs/decisions/050): null for a withdrawal without
   * WeChat Pay. A transfer bill's out_bill_no is kept in out_batch_no, and it has no out_detail_no
   * (migration 033, docs/decisions/064).
   */
  out_batch_no: string | null;
  out_detail_no: string | null;
  /** WeChat Pay's batch_id, or a bill's transfer_bill_no, once it accepted the transfer. */
  batch_id: string | null;
  /** WeChat Pay's fail_reason, or the code it refused the transfer with. */
  failure: string | null;
  /** How many times the transfer was sent. */
  attempts: Generated<number>;
  /** When a send or a query last claimed it. */
  attempted_at: number | null;
  /** The transfer API it was sent through (migration 033): null without WeChat Pay. */
  transfer_api: TransferApi | null;
  /** A transfer bill's package_info while it waits for the payee to confirm it in WeChat. */
  package_info: string | null;
}

/** WeChat Pay's transfer products (docs/decisions/064): transfer bills (商家转账) or the older transfer batches. */
export type TransferApi = 'bills' | 'batches';

/**
 * pending (recorded, money in clearing) -> processing (accepted by WeChat Pay) or awaiting_payee
 * (a transfer bill the payee confirms in WeChat) -> paid | failed | cancelled (money back).
 */
export type WithdrawalStatus = 'pending' | 'processing' | 'awaiting_payee' | 'paid' | 'failed' | 'cancelled';

export type OrderType = 'membership' | 'booklet';
export type OrderStatus = 'created' | 'pending' | 'paid' | 'failed' | 'closed' | 'refunded';

export interface OrdersTable {
  id: Generated<number>;
  ref: string;
  user_id: number;
  type: OrderType;
  identity: string;
  amount_cents: number;
  currency: string;
  status: OrderStatus;
  method: string | null;
  provider_ref: string | null;
  created_at: number;
  paid_at: number | null;
}

export interface PaymentCallbackNoncesTable {
  nonce: string;
  created_at: number;
}

/** An order placed at WeChat Pay for one of ours (migration 022, docs/decisions/037). */
export interface WechatPayOrdersTable {
  id: Generated<number>;
  order_id: number;
  out_trade_no: string;
  /** H5: a phone browser outside WeChat (docs/decisions/069); it stores no link, its h5_url is not offered again. */
  trade_type: 'JSAPI' | 'NATIVE' | 'H5';
  /** The payer's open id (JSAPI only). */
  openid: string | null;
  prepay_id: string | null;
  code_url: string | null;
  /** What WeChat Pay must report paid, in fen (the order's cents), and its currency. */
  amount_fen: number;
  currency: string;
  status: 'open' | 'paid' | 'closed';
  /** WeChat Pay's transaction id, once paid. */
  transaction_id: string | null;
  /** time_expire: after it nobody can pay, and the sweep closes it. */
  expires_at: number;
  /** When an order poll last asked WeChat Pay about it. */
  queried_at: number | null;
  settled_at: number | null;
  created_at: number;
}

export type SearchKind = 'article' | 'column' | 'booklet';

/**
 * One searchable article, column or booklet (migrations 021 and 030, docs/decisions/055), written
 * only by server/search/. Its tokens (server/search/tokens.ts) live in the engine's index alone:
 * SQLite's contentless FTS5 table `search_fts` (rowid = id), PostgreSQL's `search_vector` tsvector
 * column, which schema.ts does not type (raw SQL only, decision 039).
 */
export interface SearchDocumentsTable {
  id: Generated<number>;
  kind: SearchKind;
  /** The article's, user's or booklet's id. */
  ref_id: number;
  /** The account whose state decides whether it may be shown: author, owner, or the column's user. */
  owner_id: number;
  /** The name in its content key (server/content/changes.ts): article or booklet slug, username. */
  slug: string;
  /** Recency, to break ties in ranking: modification time (a column: when its user joined). */
  sort_at: number;
  /** The index format and a hash of what the row was made from: unchanged sources are not indexed again. */
  version: string;
  /** The plain text snippets are cut from; empty for a paid chapter. */
  body_text: string;
}

/** Facts about the search index as a whole (migration 030): `format`, the `INDEX_FORMAT` it was built by (server/search/format.ts). */
export interface SearchMetaTable {
  key: string;
  value: string;
}

/** A redeem code (migration 019, docs/decisions/027): membership time or a booklet, single use. */
export interface RedeemCodesTable {
  id: Generated<number>;
  /** Normalised: 16 Crockford base32 characters, no dashes. */
  code: string;
  kind: 'membership' | 'booklet';
  level: MemberTier | null;
  months: number | null;
  booklet_id: number | null;
  expires_at: number;
  used_by: number | null;
  used_at: number | null;
  /** Who made it: the operator command's name for it, e.g. 'admin'. */
  created_by: Generated<string>;
  batch: Generated<string>;
  /** The reseller account that sells it, if any. */
  reseller_id: number | null;
  created_at: number;
}

/** A user's own referral code (migration 019), made on first ask. */
export interface ReferralCodesTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  created_at: number;
}

/** Who referred a user (migration 019): at most one referrer, recorded once. */
export interface ReferralsTable {
  id: Generated<number>;
  user_id: number;
  referrer_user_id: number;
  referrer_code: string;
  created_at: number;
}

/** One rate-limit window (migration 023): the limiter's prefix and the client's key, hits so far, when it resets. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: number;
}

/** Which caller runs a periodic job until when (migration 023, server/jobs/runOnceAcrossFleet.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** A WeChat Pay platform certificate, downloaded and decrypted (docs/decisions/065, migration 034). */
export interface WechatPayCertificatesTable {
  /** Upper-case hex: what Wechatpay-Serial names. */
  serial_no: string;
  /** The PEM. */
  certificate: string;
  not_before: number;
  not_after: number;
  fetched_at: number;
}

/** An Alipay trade offered for one of our orders (docs/decisions/044, migration 025). */
export interface AlipayOrdersTable {
  id: Generated<number>;
  order_id: number;
  out_trade_no: string;
  /** alipay.trade.page.pay (desktop) or alipay.trade.wap.pay (phones). */
  product: 'page' | 'wap';
  /** The subject sent, so the same trade can be offered again with the same parameters. */
  subject: string;
  /** What Alipay must report paid (total_amount), in cents. */
  amount_cents: number;
  status: 'open' | 'paid' | 'closed';
  /** Alipay's trade number, once paid. */
  trade_no: string | null;
  /** time_expire: after it nobody can pay, and the sweep closes it. */
  expires_at: number;
  /** When an order poll or the return page last asked Alipay about it. */
  queried_at: number | null;
  settled_at: number | null;
  created_at: number;
}

/** Who gives the money back: the provider that took it, the wallet, or nobody (the sandbox took none). */
export type RefundProvider = 'wechat' | 'alipay' | 'wallet' | 'sandbox';

/** The refund of one order (migration 026, docs/decisions/049): pending -> succeeded | failed. */
export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  /** Derived from the order's ref: a second request is the same refund at the provider. */
  out_refund_no: string;
  provider: RefundProvider;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string | null;
  /** WeChat Pay's refund_id or Alipay's trade_no, once known. */
  provider_refund_id: string | null;
  /** Why the provider refused, for the operator. */
  failure: string | null;
  created_at: number;
  settled_at: number | null;
}

/** The automatic refund of one provider trade an order must not keep (migration 032, docs/decisions/063): pending -> succeeded | failed. */
export interface TradeRefundsTable {
  id: Generated<number>;
  order_id: number;
  provider: 'wechat' | 'alipay';
  /** The trade refunded: one refund per trade. */
  out_trade_no: string;
  /** Derived from the trade: asking again is the same refund at the provider. */
  out_refund_no: string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** Why it is refunded: the order was paid already, or cannot be delivered. */
  reason: string;
  /** WeChat Pay's refund_id or Alipay's trade_no, once known. */
  provider_refund_id: string | null;
  /** Why the provider refused, for the operator. */
  failure: string | null;
  created_at: number;
  settled_at: number | null;
}

/** A member's one subscription (migration 028, docs/decisions/051): the product it renews and whether renewal is on (0/1). */
export interface SubscriptionsTable {
  id: Generated<number>;
  /** One subscription a member (unique). */
  user_id: number;
  /** A membership product key of kind 'subscription' (`vip_monthly_subscription`). */
  identity: string;
  renewal: number;
  created_at: number;
  updated_at: number;
}

/** The renewal reminder of one period (migration 028): at most one per member and membership expiry. */
export interface SubscriptionRemindersTable {
  id: Generated<number>;
  user_id: number;
  identity: string;
  /** The membership expiry the reminder was about. */
  expires_at: number;
  /** Null once the notification is pruned; the row still marks the period reminded. */
  notification_id: number | null;
  created_at: number;
}

/** Counts kept by triggers with the rows they count (migration 029, server/content/counters.ts); a missing row is zeros. */
export interface ArticleCountsTable {
  article_id: number;
  like_count: Generated<number>;
  favorite_count: Generated<number>;
  /** Top-level comments: what the article's comment list counts. */
  comment_count: Generated<number>;
}

export interface UserCountsTable {
  user_id: number;
  follower_count: Generated<number>;
  /** Articles public, not trashed and not moderated; whether their author may be read is asked apart. */
  public_article_count: Generated<number>;
  /** Of those, the chapters of the author's booklets not in the trash (server/content/chapterCounts.ts). */
  public_chapter_count: Generated<number>;
  /** Until when the user's work may be read (epoch ms; 0: not now), moved by a trigger on users (server/content/counters.ts). */
  readable_until: Generated<number>;
}

export interface NotificationCountsTable {
  recipient_id: number;
  type: NotificationKind;
  total: Generated<number>;
  unread: Generated<number>;
}

export type NewsletterSubscriptionStatus = 'pending' | 'active' | 'unsubscribed' | 'bounced';

/** A reader's opt-in to an author's new articles by mail (migration 039, docs/decisions/072). */
export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  author_id: number;
  reader_id: number;
  /** The address the opt-in was made (and confirmed) for; mail goes here. */
  email: string;
  /** The language the reader subscribed in: their mails are written in it. */
  locale: string;
  status: NewsletterSubscriptionStatus;
  created_at: number;
  updated_at: number;
  /** When the address was confirmed (double opt-in); null while pending. */
  confirmed_at: number | null;
}

/**
 * pending: waits for `next_at`; claimed: held by a worker, not yet tried (a lapsed claim is taken
 * again); sending: handed to SMTP (a lapsed one is never sent again: 'unknown'); then sent,
 * failed (retries spent), bounced (5xx), skipped (unsubscribed or bounced meanwhile), unknown.
 */
export type NewsletterSendStatus = 'pending' | 'claimed' | 'sending' | 'sent' | 'failed' | 'bounced' | 'skipped' | 'unknown';

/** One article's mail to one subscription: the queue of migration 039. */
export interface NewsletterSendsTable {
  id: Generated<number>;
  article_id: number;
  subscription_id: number;
  status: NewsletterSendStatus;
  attempts: Generated<number>;
  next_at: number;
  claimed_by: string | null;
  claimed_at: number | null;
  error: Generated<string>;
  created_at: number;
  sent_at: number | null;
}

/** A signing key the whole fleet shares, made once (migration 039): server/db/siteSecret.ts. */
export interface SiteSecretsTable {
  name: string;
  secret: string;
  created_at: number;
}
