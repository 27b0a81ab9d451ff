import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPageName, pageChain, type PageName } from '../../client/routing/pageModules';
import { QiniuMediaStore } from '../../server/media/qiniuStore';
import { exporterWith, fakeRenderer } from '../support/pdfExporter';
import { redeemCommands } from '../../server/admin/redeemCommands';
import { TRACKING_API_VERSION } from '../../shared/tracking';
import { writeArticle } from '../support/articles';
import { createPerson, PASSWORD } from '../support/people';
import { cookieValue, Visitor } from '../support/session';
import { testApp } from '../support/testApp';
import { testDatabase } from '../support/testDatabase';
import { pageRoutePatterns, patternParams } from '../support/pageRoutes';
import { membershipOrder } from '../support/orders';

// A corpus of bad input over every /api endpoint of the embedded
// backend and every page, on both engines. Nothing a client sends may answer 5xx; input
// that is plainly wrong (malformed JSON, wrong types) must be refused with a 4xx.

// ---------------------------------------------------------------------------------------
// The tables. An /api route or a server's own page added without a line here, or a page
// parameter without a source in PAGE_PARAMS, fails the first tests below; a page is probed
// from the client's route table as soon as it is declared.
// ---------------------------------------------------------------------------------------

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a path parameter or sample value is taken from: the signed-in author's own thing ("own") or another person's ("other"). */
type Ref =
  | 'article'
  | 'articleSlug'
  | 'victimArticle'
  | 'victimShareCode'
  | 'version'
  | 'booklet'
  | 'victimBooklet'
  | 'bookletSlug'
  | 'item'
  | 'victimItem'
  | 'childSlug'
  | 'order'
  | 'column'
  | 'columnPath'
  | 'listType'
  | 'referral'
  | 'redeem'
  | 'resetToken'
  | 'comment';
type Refs = Record<Ref, string>;
interface Fixture {
  own: Refs;
  other: Refs;
  /** A stored image (a booklet cover) under /media/. */
  mediaKey: string;
  /** A form-upload token for the author's article. */
  uploadToken: string;
}

/**
 * What a field holds; the corpus puts every other type there and expects a 4xx.
 * 'loose': the endpoint ignores or coerces the field, so no value of it is refused for sure.
 */
type Kind = 'text' | 'number' | 'boolean' | 'list' | 'loose';
type Sample = string | number | boolean | null | readonly string[] | ((f: Fixture) => string | number);
interface Field {
  kind: Kind;
  sample: Sample;
}
const text = (sample: Sample): Field => ({ kind: 'text', sample });
const num = (sample: Sample): Field => ({ kind: 'number', sample });
const bool = (sample: boolean): Field => ({ kind: 'boolean', sample });
const list = (sample: readonly string[]): Field => ({ kind: 'list', sample });
const loose = (sample: Sample): Field => ({ kind: 'loose', sample });

/** What a query parameter holds: 'strict' ones refuse anything but their format; 'loose' ones take any text. */
type QueryKind = 'strict' | 'loose';

interface ApiRoute {
  method: Method;
  /** The route as the routers spell it, mount point included. */
  route: string;
  /** Where each path parameter's real value comes from (other people's values, huge, negative and odd ones are tried too). */
  params?: Record<string, Ref>;
  /** A body the endpoint accepts; the corpus spoils one field at a time. */
  body?: Record<string, Field>;
  /** The body has a required field: an empty, missing or unparsed body is refused. */
  required?: boolean;
  query?: Record<string, [QueryKind, Sample]>;
  /** Headers the endpoint reads and validates, with a good value each; the corpus spoils them. */
  headers?: Record<string, string>;
  /** DRF pagination: page and page_size are validated. */
  paged?: boolean;
  /** Ends the caller's session: called with a throwaway one. */
  signsOut?: boolean;
  /** Answers a signed-in caller with a stream that stays open: probed anonymously only (refused before it opens); its own tests read it. */
  streams?: boolean;
  /** Also takes a multipart form (the booklet form: name, heading, description and a `cover` file). */
  form?: boolean;
  /** Whole bodies beyond the generated corpus (ids past 32 bits, limits, other people's things), each refused with a 4xx. */
  refused?: (f: Fixture) => object[];
}

const iso = (ms: number) => new Date(ms).toISOString();
const ARTICLE_FIELDS = {
  title: text('A title'),
  description: text('About it'),
  cover_url: text('https://zine.example/cover.png'),
  content: text('<p>Words</p>'),
  theme: text('theme-2'),
  style: text('linen'),
  word_count: num(1),
  client_modify_date: text(iso(Date.now() - 3_600_000)),
};
const SAVE_HEADERS = { 'X-Client-Id': 'tab-one', 'X-Save-Kind': 'save' };
const BOOKLET_FIELDS = { name: text('Field notes'), heading: text('A heading'), description: text('About the booklet') };

/** Every route under /api of the embedded backend (server/api/router.ts and the routers it mounts). */
const API_ROUTES: readonly ApiRoute[] = [
  // accounts
  {
    method: 'post',
    route: '/api/accounts/login/cookies/',
    required: true,
    body: { email: text('nobody@example.com'), password: text('not the password') },
    refused: () => [
      { email: 'ann@example.com', password: 'x'.repeat(1025) },
      { email: 'ann@example.com', password: '' },
      { email: ' ', password: 'x' },
    ],
  },
  { method: 'get', route: '/api/accounts/logout/cookies/', signsOut: true },
  { method: 'get', route: '/api/accounts/info/' },
  { method: 'post', route: '/api/accounts/reset_password/', required: true, body: { email: text('nobody@example.com') } },
  {
    method: 'post',
    route: '/api/accounts/reset_password/confirm/',
    required: true,
    body: { token: text('x'.repeat(40)), new_password: text('a new long password') },
    refused: () => [
      { token: 'x', new_password: '' },
      { token: 'x'.repeat(201), new_password: 'a new long password' },
    ],
  },
  { method: 'get', route: '/api/accounts/membership/description/' },
  { method: 'get', route: '/api/accounts/membership/' },
  // The caller's own subscription renewal (decision 051); without a subscription a good body is a 400 too.
  { method: 'put', route: '/api/accounts/membership/renewal/', required: true, body: { renewal: bool(true) } },
  // reading articles
  { method: 'get', route: '/api/article/:slug/', params: { slug: 'articleSlug' } },
  { method: 'get', route: '/api/v2/articles/public/', paged: true },
  { method: 'get', route: '/api/v2/booklets/public/', paged: true },
  // authoring
  { method: 'post', route: '/api/articles/', body: ARTICLE_FIELDS, headers: SAVE_HEADERS },
  { method: 'get', route: '/api/articles/:id/', params: { id: 'article' } },
  {
    method: 'patch',
    route: '/api/articles/:id/',
    params: { id: 'article' },
    body: { ...ARTICLE_FIELDS, visibility: text('public'), tags: list(['one']) },
    headers: SAVE_HEADERS,
    refused: () => [
      { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      { tags: ['x'.repeat(21)] },
      { tags: [1, {}] },
      { tags: [''] },
      { visibility: 'secret' },
      { theme: 'theme-99' },
      { style: '<script>' },
      { cover_url: 'javascript:alert(1)' },
      { cover_url: '//evil.example/x.png' },
      { word_count: 10_000_001 },
      { client_modify_date: '9999-12-31T23:59:59.999Z' },
      { client_modify_date: '2024-02-30T00:00:00Z' },
      { client_modify_date: '+275760-09-13T00:00:00.000Z' },
      { content: 'c'.repeat(1_000_001) },
    ],
  },
  { method: 'delete', route: '/api/articles/:id/', params: { id: 'victimArticle' }, query: { client_modify_date: ['strict', iso(Date.now())] } },
  { method: 'post', route: '/api/articles/:id/restore/', params: { id: 'victimArticle' } },
  // the newsletter (docs/decisions/072)
  { method: 'post', route: '/api/articles/:id/newsletter/', params: { id: 'victimArticle' } },
  { method: 'get', route: '/api/newsletter/authors/:name/', params: { name: 'column' } },
  { method: 'post', route: '/api/newsletter/authors/:name/', params: { name: 'column' } },
  { method: 'delete', route: '/api/newsletter/authors/:name/', params: { name: 'column' } },
  { method: 'get', route: '/api/newsletter/subscribers/' },
  // the author's numbers (docs/decisions/074)
  { method: 'post', route: '/api/articles/:id/read/', params: { id: 'victimArticle' } },
  { method: 'get', route: '/api/editor/stats/', query: { days: ['strict', '7'], tz: ['strict', 'Asia/Shanghai'] } },
  { method: 'get', route: '/api/editor/stats/articles/:id/', params: { id: 'article' }, query: { days: ['strict', '30'], tz: ['strict', 'UTC'] } },
  { method: 'get', route: '/api/articles/:id/share_codes/', params: { id: 'article' } },
  { method: 'post', route: '/api/articles/:id/share_codes/', params: { id: 'article' } },
  { method: 'delete', route: '/api/articles/:id/share_codes/:code/', params: { id: 'article', code: 'victimShareCode' } },
  { method: 'get', route: '/api/articles/:id/versions/', params: { id: 'article' } },
  { method: 'get', route: '/api/articles/:id/versions/:version/', params: { id: 'article', version: 'version' }, query: { against: ['strict', 'current'] } },
  { method: 'post', route: '/api/articles/:id/versions/:version/restore/', params: { id: 'article', version: 'version' } },
  { method: 'get', route: '/api/v2/articles/', paged: true, query: { fields: ['strict', 'id,slug'], trash: ['strict', 'false'] } },
  // the editor's fonts and colours
  { method: 'get', route: '/api/fonts/' },
  { method: 'get', route: '/api/colors/' },
  // likes, favourites, columns, follows, comments
  {
    method: 'post',
    route: '/api/columns/thumbsup/',
    required: true,
    body: { article_slug: text((f) => f.own.articleSlug), cancel: bool(false) },
    refused: (f) => [{ article_slug: f.other.articleSlug }, { article_slug: 'no-such-article' }],
  },
  {
    method: 'post',
    route: '/api/columns/favorite/',
    required: true,
    body: { article_slug: text((f) => f.own.articleSlug), unfavorite: bool(false) },
    refused: (f) => [{ article_slug: f.other.articleSlug }, { article_slug: 'no-such-article' }],
  },
  { method: 'get', route: '/api/columns/@:name/', params: { name: 'column' } },
  { method: 'get', route: '/api/columns/:type/@:name/', params: { type: 'listType', name: 'column' }, paged: true },
  { method: 'get', route: '/api/columns/booklets/@:name/', params: { name: 'column' }, paged: true },
  { method: 'get', route: '/api/comments/article/:slug/', params: { slug: 'articleSlug' }, paged: true },
  {
    method: 'post',
    route: '/api/comments/article/:slug/',
    params: { slug: 'articleSlug' },
    required: true,
    body: { text: text('A comment'), parent: num((f) => Number(f.own.comment)) },
    refused: (f) => [{ text: 'x', parent: 2_147_483_647 }, { text: 'x', parent: Number(f.other.comment) }, { text: '   ' }, { text: 'x'.repeat(100_000) }],
  },
  {
    method: 'post',
    route: '/api/follow/user/',
    required: true,
    body: { following_name: text('bob') },
    refused: () => [{ following_name: 'ann' }, { following_name: 'nobody' }],
  },
  { method: 'delete', route: '/api/follow/user/', required: true, body: { following_name: text('bob') } },
  // booklets: reading and rating
  { method: 'get', route: '/api/booklets/:slug/', params: { slug: 'bookletSlug' } },
  { method: 'get', route: '/api/booklets/:slug/item/:childSlug/', params: { slug: 'bookletSlug', childSlug: 'childSlug' } },
  { method: 'get', route: '/api/booklets/:slug/ratings/', params: { slug: 'bookletSlug' }, paged: true },
  {
    method: 'post',
    route: '/api/booklets/:slug/ratings/',
    params: { slug: 'bookletSlug' },
    required: true,
    body: { rating: num(4), review: text('Good') },
    refused: () => [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: 5, review: 'r'.repeat(100_000) }],
  },
  // booklets: the owner's management
  { method: 'get', route: '/api/booklets/', paged: true, query: { trash_status: ['strict', 'not_in_trash'] } },
  { method: 'post', route: '/api/booklets/', required: true, form: true, body: BOOKLET_FIELDS },
  { method: 'delete', route: '/api/booklets/:id/', params: { id: 'victimBooklet' } },
  { method: 'post', route: '/api/booklets/:id/restore/', params: { id: 'victimBooklet' } },
  { method: 'get', route: '/api/booklet/:id/', params: { id: 'booklet' }, query: { hide_removed: ['loose', '1'] } },
  { method: 'patch', route: '/api/booklet/:id/', params: { id: 'booklet' }, form: true, body: BOOKLET_FIELDS },
  {
    method: 'put',
    route: '/api/booklet/:id/',
    params: { id: 'booklet' },
    required: true,
    body: { detail: loose([]) },
    refused: (f) => {
      const item = Number(f.own.item);
      return [
        { detail: [{ id: 2_147_483_648, order: 0 }] },
        { detail: [{ id: Number(f.other.item), order: 0 }] },
        { detail: [{ id: item, order: -1 }] },
        { detail: [{ id: item, order: 0, children: 'x' }] },
        { detail: [{ id: item, order: 0, children: [{ id: 2_147_483_648, order: 0 }] }] },
        { detail: [{ id: item, order: 0, children: [{ id: item, order: 0 }] }] },
        { detail: Array.from({ length: 501 }, () => ({ id: item, order: 0 })) },
        { detail: 'x' },
      ];
    },
  },
  {
    method: 'post',
    route: '/api/booklet/:id/items/',
    params: { id: 'booklet' },
    required: true,
    body: { type: text('directory'), title: text('A part'), parent_id: num((f) => Number(f.own.item)) },
    refused: (f) => [
      { type: 'article', article_id: Number(f.other.article) },
      { type: 'article', article_id: 2_147_483_648 },
      { type: 'article', article_id: 2_147_483_647 },
      { type: 'directory', title: 'x', parent_id: 2_147_483_647 },
      { type: 'directory', title: 'x', parent_id: Number(f.other.item) },
      { type: 'folder', title: 'x' },
      { type: 'directory', title: '' },
    ],
  },
  {
    method: 'patch',
    route: '/api/booklet/:id/items/:itemId/',
    params: { id: 'booklet', itemId: 'item' },
    body: { title: text('Part one'), sales_mode: text('free') },
    refused: () => [{ sales_mode: 'payment_required' }, { title: '' }, { sales_mode: 'gratis' }],
  },
  { method: 'delete', route: '/api/booklet/:id/items/:itemId/', params: { id: 'booklet', itemId: 'victimItem' } },
  // phone codes, chat-app signatures, notifications, uploads, traffic, PDFs
  { method: 'post', route: '/api/sms/code/', required: true, body: { phone: text('13800138000'), lang: text('en') } },
  {
    method: 'post',
    route: '/api/sms/verify/',
    required: true,
    body: { phone: text('13800138000'), code: text('123456') },
    refused: () => [
      { phone: '13800138000', code: '000000' },
      { phone: '+0', code: '123456' },
    ],
  },
  {
    method: 'post',
    route: '/api/wechat/jsapi/url/',
    required: true,
    body: { url: text('https://zine.example/article/x') },
    refused: () => [{ url: 'javascript:alert(1)' }, { url: 'http://' }, { url: `https://zine.example/${'x'.repeat(3000)}` }],
  },
  { method: 'get', route: '/api/notification/count/', query: { action: ['strict', 'follow'], filter: ['strict', 'unread'] } },
  { method: 'get', route: '/api/notification/', paged: true, query: { action: ['strict', 'follow'], filter: ['strict', 'unread'] } },
  // The live stream (decision 046): anonymous probes are refused before it opens; tests/http/notificationsStream.test.ts reads it.
  { method: 'get', route: '/api/notification/stream/', streams: true },
  {
    method: 'put',
    route: '/api/notification/',
    required: true,
    body: { read: bool(true) },
    query: { filter: ['strict', 'unread'] },
    refused: () => [{ read: false }],
  },
  { method: 'get', route: '/api/attachments/qiniu/token/', query: { article_id: ['strict', (f) => f.own.article] } },
  { method: 'get', route: '/api/traffic/current/' },
  { method: 'get', route: '/api/pdfs/' },
  { method: 'get', route: '/api/pdfs/article/:id/', params: { id: 'article' } },
  { method: 'get', route: '/api/pdfs/article/:id/file/', params: { id: 'article' } },
  // payments: the sandbox provider's callback (signed, no CSRF), orders, the wallet
  {
    method: 'post',
    route: '/api/payments/callback/sandbox/',
    required: true,
    body: { order: text((f) => f.own.order), status: text('paid'), nonce: text('abcdefgh12'), timestamp: loose(Date.now()), signature: text('0'.repeat(64)) },
  },
  // WeChat Pay's notifications (decision 037): mounted only with WeChat Pay configured, so here every probe meets a 404;
  // tests/http/wechatPay.test.ts sends garbage to the mounted one.
  {
    method: 'post',
    route: '/api/payments/callback/wechatpay/',
    required: true,
    body: { id: text('EV-0001'), event_type: text('TRANSACTION.SUCCESS'), resource_type: text('encrypt-resource'), resource: loose(null) },
  },
  // WeChat Pay's refund notifications (decision 049): mounted only with WeChat Pay configured, like its payment notifications.
  {
    method: 'post',
    route: '/api/payments/callback/wechatpay/refund/',
    required: true,
    body: { id: text('EV-0002'), event_type: text('REFUND.SUCCESS'), resource_type: text('encrypt-resource'), resource: loose(null) },
  },
  // WeChat Pay's transfer bill notifications (decision 064): mounted only with WeChat Pay configured, like its payment notifications;
  // tests/http/payouts.test.ts sends forged and unlike ones to the mounted one.
  {
    method: 'post',
    route: '/api/payments/callback/wechatpay/transfer/',
    required: true,
    body: { id: text('EV-0003'), event_type: text('MCHTRANSFER.BILL.FINISHED'), resource_type: text('encrypt-resource'), resource: loose(null) },
  },
  // Alipay's notifications (decision 044): mounted only with Alipay configured, so here every probe meets a 404 (or the CSRF check);
  // tests/http/alipay.test.ts sends garbage to the mounted one.
  {
    method: 'post',
    route: '/api/payments/callback/alipay/',
    required: true,
    body: { out_trade_no: text('x_P1'), trade_status: text('TRADE_SUCCESS'), total_amount: text('78.00'), sign: text('x') },
  },
  {
    method: 'post',
    route: '/api/payments/order/',
    required: true,
    body: { type: text('membership'), identity: loose('no_such_product'), amount: loose('1.00') },
    // With an amount, as the payment panel sends (a missing or wrong one is refused too: tests/http/orderAmount.test.ts).
    refused: (f) => [
      { type: 'booklet', identity: '2147483648', amount: '1.00' },
      { type: 'booklet', identity: 9_999_999_999, amount: '1.00' },
      { type: 'booklet', identity: '0', amount: '1.00' },
      { type: 'booklet', identity: '-1', amount: '1.00' },
      { type: 'booklet', identity: f.own.booklet, amount: '1.00' },
      { type: 'booklet', identity: f.other.booklet, amount: '1.00' },
      { type: 'membership', identity: 'x'.repeat(65), amount: '1.00' },
      { type: 'membership', identity: 'vip_monthly_manual', amount: '0.01' },
    ],
  },
  { method: 'get', route: '/api/payments/order/', paged: true },
  { method: 'get', route: '/api/payments/order/:ref/', params: { ref: 'order' } },
  { method: 'post', route: '/api/payments/order/:ref/wallet/', params: { ref: 'order' } },
  { method: 'get', route: '/api/payments/order/:ref/wechat/', params: { ref: 'order' }, query: { openid: ['loose', 'sandbox-openid'] } },
  { method: 'get', route: '/api/payments/order/:ref/wechat/native/', params: { ref: 'order' } },
  { method: 'get', route: '/api/payments/order/:ref/wechat/h5/', params: { ref: 'order' }, query: { return_url: ['loose', '/profile/orders'] } },
  { method: 'get', route: '/api/payments/order/:ref/alipay/web/', params: { ref: 'order' }, query: { return_url: ['loose', '/profile/orders'] } },
  // Where Alipay sends the payer back: a redirect to this site whatever it is sent.
  { method: 'get', route: '/api/payments/order/:ref/alipay/return/', params: { ref: 'order' }, query: { next: ['loose', '/profile/orders'] } },
  { method: 'get', route: '/api/payments/wallet/balance/' },
  { method: 'get', route: '/api/payments/wallet/transactions/', paged: true },
  { method: 'get', route: '/api/payments/wallet/withdrawals/', paged: true },
  // The author's cancel of a transfer bill (decision 064): without WeChat Pay every id meets a 404 (a comment's id stands in);
  // tests/http/payouts.test.ts cancels for real.
  { method: 'post', route: '/api/payments/wallet/withdrawals/:id/cancel/', params: { id: 'comment' } },
  {
    method: 'post',
    route: '/api/payments/wallet/withdraw/wechat/',
    required: true,
    body: { amount: loose('1.00'), app_id: text('wx-app'), open_id: text('open-id'), currency_code: text('CNY') },
    refused: () =>
      ['0', '-1', '0.001', '1e3', 'NaN', '999999999.99', '９', 1e308, -0.01, 99_999_999_999].map((amount) => ({
        amount,
        app_id: 'wx-app',
        open_id: 'open-id',
      })),
  },
  // redeem and referral codes, feedback
  { method: 'get', route: '/api/redeem/referral/' },
  { method: 'get', route: '/api/redeem/referral/:code/', params: { code: 'referral' } },
  {
    method: 'post',
    route: '/api/redeem/referral/',
    required: true,
    body: { code: text('NOSUCHCODE') },
    refused: () => [{ code: ' ' }, { code: 'x'.repeat(65) }],
  },
  // Search (decision 038): q is 1 to 100 characters of any text, type one of three kinds.
  { method: 'get', route: '/api/search/', paged: true, query: { q: ['loose', '西湖'], type: ['strict', 'article'] } },
  { method: 'get', route: '/api/redeem/:code/', params: { code: 'redeem' } },
  { method: 'post', route: '/api/redeem/', required: true, body: { code: text('ABCD-EFGH-JKMN-PQRS') } },
  {
    method: 'post',
    route: '/api/contact/',
    required: true,
    body: { email: text('reader@example.com'), message: text('Hello') },
    refused: () => [
      { email: 'a@b', message: 'x' },
      { email: 'reader@example.com', message: 'x'.repeat(10_001) },
      { email: 'reader@example.com', message: ' ' },
    ],
  },
];

/**
 * Where the path parameters of a page (client/routing/pageModules.ts) take their real values from;
 * a page inside another takes its parent's too. A page without parameters needs no line: every
 * leaf of the client's route table is probed (tests/support/pageRoutes.ts).
 */
const PAGE_PARAMS: Partial<Record<PageName, Readonly<Record<string, Ref>>>> = {
  'editor-stats': { article: 'article' },
  referral: { code: 'referral' },
  'password-reset': { token: 'resetToken' },
  'article-review': { slug: 'articleSlug' },
  'payment-return': { ref: 'order' },
  article: { slug: 'articleSlug' },
  booklet: { slug: 'bookletSlug' },
  'booklet-chapter': { childSlug: 'childSlug' },
  'short-link': { slug: 'redeem' },
  redeem: { code: 'redeem' },
  column: { column: 'columnPath' },
};

/**
 * Every route of the client's table (client/routes.tsx), rendered by the server, with where
 * its parameters come from (an optional parameter is also left out). `unknown`: parameters
 * PAGE_PARAMS gives no source for.
 */
const PAGE_ROUTES = pageRoutePatterns().map(({ pattern, page }) => {
  const chain = page === null ? [] : pageChain(page);
  const params: Record<string, Ref> = {};
  const unknown: string[] = [];
  for (const { name } of patternParams(pattern)) {
    const ref = chain.map((declared) => PAGE_PARAMS[declared]?.[name]).findLast((found) => found !== undefined);
    if (ref === undefined) unknown.push(`${pattern} :${name}`);
    else params[name] = ref;
  }
  return { pattern, chain, params, unknown };
});

interface ServerRoute {
  method: Method;
  /** The paths to try; none when another table covers the route. */
  paths: (f: Fixture) => string[];
  /** Bodies to post (each as the author and anonymously). */
  bodies?: (f: Fixture, csrf: string) => RawBody[];
}

/** A multipart body of text fields (a name may come twice) and at most one file. */
function multipart(fields: Record<string, string> | [string, string][], file?: { name: string; bytes: Buffer }): RawBody {
  const boundary = 'zine-corpus-boundary';
  const parts: Buffer[] = (fields instanceof Array ? fields : Object.entries(fields)).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, data: Buffer.concat(parts) };
}
const form = (data: string): RawBody => ({ type: 'application/x-www-form-urlencoded', data: Buffer.from(data) });
const jsonText = (data: string): RawBody => ({ type: 'application/json', data: Buffer.from(data) });

/**
 * The server's own routes outside /api and the client's table, keyed by file, method and
 * the route argument as the source spells it.
 */
const SERVER_ROUTES: Readonly<Record<string, ServerRoute>> = {
  "server/app.ts GET '/healthz'": { method: 'get', paths: () => ['/healthz', '/healthz?x=%00&y=%ff'] },
  // Off in the fixture (no METRICS_TOKEN): the page renderer's 404; on, tests/http/healthAndMetrics.test.ts.
  "server/app.ts GET '/metrics'": { method: 'get', paths: () => ['/metrics', '/metrics?x=%00&y=%ff'] },
  // The page renderer (and the render cache before it): PAGE_ROUTES and ODD_PATHS.
  "server/app.ts GET '/{*splat}'": { method: 'get', paths: () => [] },
  "server/web/seo.ts GET '/robots.txt'": { method: 'get', paths: () => ['/robots.txt', '/robots.txt?%ff'] },
  "server/web/seo.ts GET '/sitemap.xml'": { method: 'get', paths: () => ['/sitemap.xml', '/sitemap.xml?page=-1'] },
  "server/web/seo.ts GET '/sitemap-pages.xml'": { method: 'get', paths: () => ['/sitemap-pages.xml'] },
  "server/web/seo.ts GET '/sitemap-articles-:n.xml'": {
    method: 'get',
    paths: () => [
      '/sitemap-articles-1.xml',
      '/sitemap-articles-0.xml',
      '/sitemap-articles--1.xml',
      '/sitemap-articles-99999999999999999999.xml',
      '/sitemap-articles-%ff.xml',
      '/sitemap-articles-%00.xml',
    ],
  },
  "server/web/seo.ts GET '/:column/feed.xml'": {
    method: 'get',
    paths: (f) => [
      `/${f.own.columnPath}/feed.xml`,
      '/@nobody/feed.xml',
      '/%ff/feed.xml',
      '/@%00/feed.xml',
      `/@${'x'.repeat(300)}/feed.xml`,
      '/article/feed.xml',
    ],
  },
  "server/web/tracking.ts GET '/log'": {
    method: 'get',
    paths: () => {
      const v = `v=${TRACKING_API_VERSION}`;
      return [
        `/log?${v}&cate=page&event=view`,
        '/log',
        `/log?${v}&cate=%00&event=%00&msg=a%00b`,
        `/log?${v}&cate=a&event=b&t=99999999999999999999`,
        `/log?${v}&cate=a&cate=b&event=b`,
        `/log?${v}&cate=%ff&event=%3Cscript%3E&path=${'p'.repeat(600)}`,
        `/log?${v}&cate=a&event=b&uid=${'u'.repeat(10_000)}`,
      ];
    },
  },
  'server/web/sandboxCheckout.ts GET CHECKOUT': {
    method: 'get',
    paths: (f) => [
      '/payments/sandbox/checkout/x',
      `/payments/sandbox/checkout/${f.own.order}`,
      `/payments/sandbox/checkout/${f.other.order}`,
      `/payments/sandbox/checkout/${f.own.order}?return_url=//%09/x`,
      '/payments/sandbox/checkout/%ff',
      '/payments/sandbox/checkout/%00',
      `/payments/sandbox/checkout/${'x'.repeat(5000)}`,
    ],
  },
  'server/web/sandboxCheckout.ts POST CHECKOUT': {
    method: 'post',
    paths: (f) => [
      '/payments/sandbox/checkout/x',
      `/payments/sandbox/checkout/${f.other.order}`,
      '/payments/sandbox/checkout/%ff',
      '/payments/sandbox/checkout/%00',
      `/payments/sandbox/checkout/${f.own.order}`,
    ],
    bodies: (_f, csrf) => [
      form(''),
      form('result=paid'),
      form(`csrfmiddlewaretoken=${csrf}&result=%ff&return_url=%00`),
      form(`csrfmiddlewaretoken=${csrf}&csrfmiddlewaretoken=x&result=paid`),
      form(`csrfmiddlewaretoken=${csrf}&result=failed&return_url=//%09/x`),
      form(`csrfmiddlewaretoken=${csrf}&x=${'y'.repeat(10_000)}`),
      jsonText('{'),
      { data: Buffer.from([0xff, 0xfe]) },
    ],
  },
  "server/web/sandboxCheckout.ts GET ['/accounts/login/wechat_payment/', '/accounts/login/wechat_payment']": {
    method: 'get',
    paths: () => [
      '/accounts/login/wechat_payment/',
      '/accounts/login/wechat_payment',
      '/accounts/login/wechat_payment/?next=%ff',
      '/accounts/login/wechat_payment/?next=//%09/x',
      '/accounts/login/wechat_payment/?next=/a&next=/b',
    ],
  },
  'server/web/wechatSignIn.ts GET [path, path.slice(0, -1)]': {
    method: 'get',
    paths: () =>
      ['/accounts/login/weixin/', '/accounts/login/wechatweb', '/accounts/login/wechat_payment/'].flatMap((p) => [
        p,
        `${p}?next=%ff`,
        `${p}?next=%00`,
        `${p}?next=//x:99999/`,
        `${p}?next=/a&next=/b`,
        `${p}?next=${'/a'.repeat(3000)}`,
        `${p}?next=%3Cscript%3E`,
      ]),
  },
  'server/web/wechatSignIn.ts GET [WECHAT_CALLBACK_PATH, WECHAT_CALLBACK_PATH.slice(0, -1)]': {
    method: 'get',
    paths: () => [
      '/accounts/login/wechat/callback/',
      '/accounts/login/wechat/callback',
      '/accounts/login/wechat/callback/?state=%ff&code=%00',
      '/accounts/login/wechat/callback/?state=a&state=b&code=c&code=d',
      `/accounts/login/wechat/callback/?state=${'s'.repeat(10_000)}`,
      '/accounts/login/wechat/callback/?state=a.b.c&code=%3Cscript%3E',
    ],
  },
  // The newsletter's signed links (docs/decisions/072): forged, foreign and odd tokens answer 404.
  'server/web/newsletterLinks.ts GET path': {
    method: 'get',
    paths: () =>
      ['confirm', 'unsubscribe'].flatMap((kind) => [
        `/newsletter/${kind}/1.AAAAAAAAAAAAAAAAAAAAAAAAAAA/`,
        `/newsletter/${kind}/x/`,
        `/newsletter/${kind}/%ff/`,
        `/newsletter/${kind}/%00/`,
        `/newsletter/${kind}/${'9'.repeat(5000)}.x/`,
      ]),
  },
  'server/web/newsletterLinks.ts POST path': {
    method: 'post',
    paths: () => ['/newsletter/unsubscribe/1.AAAAAAAAAAAAAAAAAAAAAAAAAAA/', '/newsletter/confirm/%ff/', `/newsletter/unsubscribe/${'9'.repeat(40)}/`],
    bodies: () => [form(''), form('List-Unsubscribe=One-Click'), form(`x=${'y'.repeat(10_000)}`), jsonText('{'), { data: Buffer.from([0xff, 0xfe]) }],
  },
  "server/web/media/upload.ts POST ['/upload', '/upload/']": {
    method: 'post',
    paths: () => ['/media/upload/', '/media/upload'],
    bodies: (f) => [
      { data: Buffer.alloc(0) },
      { type: 'multipart/form-data; boundary=zz', data: Buffer.from('--zz\r\ngarbage') },
      { type: 'multipart/form-data', data: Buffer.from('no boundary') },
      multipart({ token: '%ff', key: 'abcdef12_hd.png' }, { name: 'file', bytes: Buffer.from('x') }),
      multipart({ token: f.uploadToken, key: '../../etc/passwd_hd.png' }, { name: 'file', bytes: Buffer.from('x') }),
      multipart({ token: f.uploadToken, key: 'abcdef1234_hd.png' }, { name: 'file', bytes: Buffer.from([0xff, 0xd8, 0xff, 0x00]) }),
      multipart({ token: f.uploadToken, key: 'abcdef1234_hd.png' }, { name: 'other', bytes: Buffer.from('x') }),
      multipart({ token: f.uploadToken, key: 'abcdef1234_hd.png', big: 'b'.repeat(20_000) }),
      multipart({ token: f.uploadToken.repeat(50), key: '\u0000_hd.png' }),
      form(`token=${f.uploadToken}&key=abcdef1234_hd.png`),
      jsonText(JSON.stringify({ token: f.uploadToken, key: 'abcdef1234_hd.png' })),
    ],
  },
  "server/web/media/localHost.ts GET '/*key'": {
    method: 'get',
    paths: (f) => [
      `/media/${f.mediaKey}`,
      `/media/${f.mediaKey}?imageView2/2/w/160`,
      `/media/${f.mediaKey}?imageView2/2/w/99999999999999999999`,
      `/media/${f.mediaKey}?imageView2/1/w/-1/h/abc`,
      `/media/${f.mediaKey}?imageView2/2/w/160/format/xyz/q/1e999`,
      `/media/${f.mediaKey}?imageView2/%ff`,
      `/media/${f.mediaKey}?%00`,
      `/media/${f.mediaKey}?imageView2/2/w/0/h/0`,
      `/media/${f.mediaKey}?imageView2/2/w/161/q/100&imageView2/2/w/1`,
      '/media/%ff',
      '/media/..%2f..%2fetc/passwd',
      '/media/booklets/%00_hd.png',
      `/media/${'a'.repeat(10_000)}`,
      '/media/',
    ],
  },
  // Mounted instead of server/web/media/localHost.ts when S3 is configured: tests/http/s3Storage.test.ts sends it bad views.
  "server/web/media/bucketHost.ts GET '/*key'": { method: 'get', paths: () => [] },
  // Mounted only with Qiniu credentials: its own test below, on an app that has them.
  'server/web/media/qiniuCallback.ts POST QINIU_CALLBACK_PATH': { method: 'post', paths: () => [] },
};

/** Paths no route expects. */
const ODD_PATHS = [
  '//%09/x',
  '//a%20b/',
  '//%00',
  '//x:99999/',
  '//editor',
  '//profile/wallet',
  '//api/accounts/info/',
  '/%ff',
  '/%',
  '/%%',
  '/..%2f..%2fetc/passwd',
  `/${'a'.repeat(10_000)}`,
  `/article/${'a'.repeat(10_000)}`,
  '/%3Cscript%3Ealert(1)%3C/script%3E',
  '/<script>alert(1)</script>',
  '/@%00',
  '/@%ff',
  '/@',
  '/article/%ff/',
  '/article/%00',
  '/booklet/%ff/%00',
  '/editor?next=%ff',
  '/?next=%ff',
  '/sign/in?next=%ff',
  '/sign/in?next=//%09/x',
  '/sign/in?next=/a&next=/b',
  '/?__token=%ff',
  '/?__token=a&__token=b',
  '/static/%ff',
  '/static/..%2f..%2fpackage.json',
  '/fonts/lora/%ff',
  '/fonts/lora/..%2f..%2fpackage.json',
  '/favicon.svg?%00',
  '/api',
  '/api/',
  '/api/%ff',
  '/api/%00/',
  '/api/..%2f..%2f',
  '/api/articles/%ff/share_codes/%00/',
  '/api/articles/%ff/versions/%00/',
];

// ---------------------------------------------------------------------------------------
// Sending.
// ---------------------------------------------------------------------------------------

interface RawBody {
  /** The Content-Type; none when absent. */
  type?: string;
  data: Buffer;
}
interface Caller {
  name: string;
  cookie: string;
  csrf: string;
}
interface Probe {
  method: Method;
  path: string;
  label: string;
  as: Caller;
  headers?: Record<string, string>;
  /** Replaces the caller's cookies. */
  cookie?: string;
  body?: RawBody;
  /** The input is plainly wrong: anything but a 4xx is a failure. */
  refuse: boolean;
}

/** superagent serialises a non-string body by its Content-Type; the bytes must go out as they are. */
const asIs = (data: string): string => data;

describe('bad input answers 4xx, never 5xx', async () => {
  const database = await testDatabase();
  // A renderer that answers at once: without one the PDF routes answer 503 (export unavailable) to anything.
  const pdfExporter = exporterWith(database, fakeRenderer());
  const { app } = await testApp({
    config: { publicOrigin: 'http://zine.test' },
    // The corpus sends thousands of refused sign-ins, resets, codes and searches: the throttles would answer 429 instead.
    deps: { database, pdfExporter, limits: { signIn: 1e9, reset: 1e9, contact: 1e9, redeem: 1e9, search: 1e9 } },
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function send(probe: Probe): Promise<{ status: number; text: string }> {
    let req = request(server)[probe.method](probe.path).timeout(20_000);
    const cookie = probe.cookie ?? probe.as.cookie;
    if (cookie) req = req.set('Cookie', cookie);
    if (probe.as.csrf) req = req.set('X-CSRFToken', probe.as.csrf);
    if (probe.headers) req = req.set(probe.headers);
    if (probe.body) {
      if (probe.body.type) req = req.set('Content-Type', probe.body.type);
      req = req.serialize(asIs).send(probe.body.data);
    }
    try {
      const res = await req;
      return { status: res.status, text: typeof res.text === 'string' ? res.text : '' };
    } catch (error) {
      return { status: 0, text: `no answer: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  /** Sends every probe, a few at a time, and answers one line per failure. */
  async function failuresOf(probes: readonly Probe[]): Promise<string[]> {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let at = 0; at < probes.length; at += 8) {
      const batch = probes.slice(at, at + 8);
      const outcomes = await Promise.all(batch.map(send));
      batch.forEach((probe, index) => {
        const { status, text: body } = outcomes[index] ?? { status: 0, text: '' };
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const bad = status === 0 || status >= 500 || (probe.refuse && (status < 400 || status >= 500));
        if (bad) {
          failures.push(
            `${probe.as.name} ${probe.method.toUpperCase()} ${probe.path.slice(0, 120)} [${probe.label}] -> ${status} ${body.replace(/\s+/g, ' ').slice(0, 160)}`,
          );
        }
      });
    }
    if (process.env.CORPUS_STATS)
      console.info(
        `${probes.length} requests; statuses ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}: ${n}`)
          .join(', ')}`,
      );
    // Nothing in the corpus may end the author's session, or every later probe would only meet a 403.
    const info = await request(server).get('/api/accounts/info/').set('Cookie', ann.cookie);
    expect(info.body, 'the author is still signed in').toMatchObject({ username: 'ann' });
    return failures;
  }
  const report = (failures: readonly string[], sent: number) => `${failures.length} of ${sent} requests failed:\n${failures.join('\n')}`;

  // ---- The fixture: two authors' things, made through the public API where it can. ----

  const signIn = async (username: string): Promise<Caller> => {
    const visitor = new Visitor(app);
    const res = await visitor.signIn(`${username}@example.com`, PASSWORD);
    expect(res.status).toBe(200);
    return { name: username, cookie: `sessionid=${cookieValue(res, 'sessionid') ?? ''}; csrftoken=${visitor.csrf}`, csrf: visitor.csrf };
  };
  const annPerson = await createPerson(database, 'ann');
  const bobPerson = await createPerson(database, 'bob');
  await createPerson(database, 'dan');
  const ann = await signIn('ann');
  const bob = await signIn('bob');
  const dan = await signIn('dan');
  const anonymousVisitor = new Visitor(app);
  await anonymousVisitor.open();
  const anonymous: Caller = { name: 'anonymous', cookie: `csrftoken=${anonymousVisitor.csrf}`, csrf: anonymousVisitor.csrf };

  const call = async (as: Caller, method: Method, url: string, body?: object) => {
    const req = request(server)[method](url).set('Cookie', as.cookie).set('X-CSRFToken', as.csrf).set(SAVE_HEADERS);
    const res = await (body === undefined ? req : req.send(body));
    expect(res.status, `${method} ${url}: ${res.text}`).toBeLessThan(300);
    return res.body as unknown;
  };
  const idAndSlug = z.object({ id: z.number(), slug: z.string() });
  const newArticle = async (as: Caller) => {
    const article = idAndSlug.parse(await call(as, 'post', '/api/articles/', { title: 'Draft', content: '<p>Words</p>' }));
    await call(as, 'patch', `/api/articles/${article.id}/`, { visibility: 'public' });
    return article;
  };
  const latestVersion = async (as: Caller, articleId: number) =>
    String(z.array(z.object({ id: z.number() })).parse(await call(as, 'get', `/api/articles/${articleId}/versions/`))[0]?.id);
  const shareCode = async (as: Caller, articleId: number) =>
    z.object({ code: z.string() }).parse(await call(as, 'post', `/api/articles/${articleId}/share_codes/`)).code;
  const newBooklet = async (as: Caller, name: string) => idAndSlug.parse(await call(as, 'post', '/api/booklets/', { name }));
  const newItem = async (as: Caller, bookletId: number, body: object) => idAndSlug.parse(await call(as, 'post', `/api/booklet/${bookletId}/items/`, body));
  const newOrder = async (as: Caller) =>
    z.object({ id: z.string() }).parse(await call(as, 'post', '/api/payments/order/', membershipOrder('vip_monthly_manual'))).id;
  const referral = async (as: Caller) => z.object({ code: z.string() }).parse(await call(as, 'get', '/api/redeem/referral/')).code;
  const comment = async (as: Caller, slug: string) =>
    z.object({ id: z.number() }).parse(await call(as, 'post', `/api/comments/article/${slug}/`, { text: 'First' })).id;

  const annArticle = await newArticle(ann);
  const annVictimArticle = await newArticle(ann);
  const bobArticle = await newArticle(bob);
  const bobPrivate = await writeArticle(database, bobPerson.id, 'bob-private', { visibility: 'private' });
  const annChapterArticle = await writeArticle(database, annPerson.id, 'ann-chapter');
  const bobChapterArticle = await writeArticle(database, bobPerson.id, 'bob-chapter');
  const coverRes = await request(server)
    .post('/api/booklets/')
    .set('Cookie', ann.cookie)
    .set('X-CSRFToken', ann.csrf)
    .field('name', 'Ann’s booklet')
    .attach(
      'cover',
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
        .png()
        .toBuffer(),
      { filename: 'c.png', contentType: 'image/png' },
    );
  expect(coverRes.status).toBe(201);
  const annBooklet = idAndSlug.extend({ cover: z.string() }).parse(coverRes.body);
  const bobBooklet = await newBooklet(bob, 'Bob’s booklet');
  const annVictimBooklet = await newBooklet(ann, 'To be deleted');
  const annPart = await newItem(ann, annBooklet.id, { type: 'directory', title: 'Part one' });
  const annChapter = await newItem(ann, annBooklet.id, { type: 'article', article_id: annChapterArticle });
  const annVictimItem = await newItem(ann, annBooklet.id, { type: 'directory', title: 'To be removed' });
  const bobPart = await newItem(bob, bobBooklet.id, { type: 'directory', title: 'Bob’s part' });
  const bobChapter = await newItem(bob, bobBooklet.id, { type: 'article', article_id: bobChapterArticle });
  const redeemOutput = await redeemCommands['create-redeem-codes']?.run(['--kind', 'membership', '--level', 'vip', '--period', 'month', '--count', '2'], {
    db: database.db,
    now: Date.now,
  });
  const redeemCodes = (redeemOutput ?? '').split('\n').slice(1);
  expect(redeemCodes).toHaveLength(2);
  const token = z.object({ token: z.string() }).parse(await call(ann, 'get', `/api/attachments/qiniu/token/?article_id=${annArticle.id}`)).token;

  const fixture: Fixture = {
    own: {
      article: String(annArticle.id),
      articleSlug: annArticle.slug,
      victimArticle: String(annVictimArticle.id),
      victimShareCode: await shareCode(ann, annArticle.id),
      version: await latestVersion(ann, annArticle.id),
      booklet: String(annBooklet.id),
      victimBooklet: String(annVictimBooklet.id),
      bookletSlug: annBooklet.slug,
      item: String(annPart.id),
      victimItem: String(annVictimItem.id),
      childSlug: annChapter.slug,
      order: await newOrder(ann),
      column: 'ann',
      columnPath: '@ann',
      listType: 'originals',
      referral: await referral(ann),
      redeem: redeemCodes[0] ?? '',
      resetToken: 'x'.repeat(40),
      comment: String(await comment(bob, annArticle.slug)),
    },
    other: {
      article: String(bobPrivate),
      articleSlug: 'bob-private',
      victimArticle: String(bobArticle.id),
      victimShareCode: await shareCode(bob, bobArticle.id),
      version: await latestVersion(bob, bobArticle.id),
      booklet: String(bobBooklet.id),
      victimBooklet: String(bobBooklet.id),
      bookletSlug: bobBooklet.slug,
      item: String(bobPart.id),
      victimItem: String(bobPart.id),
      childSlug: bobChapter.slug,
      order: await newOrder(bob),
      column: 'bob',
      columnPath: '@bob',
      listType: 'favorites',
      referral: await referral(bob),
      redeem: redeemCodes[1] ?? '',
      resetToken: 'y'.repeat(64),
      comment: String(await comment(ann, bobArticle.slug)),
    },
    mediaKey: new URL(annBooklet.cover).pathname.replace(/^\/media\//, ''),
    uploadToken: token,
  };
  const sample = (value: Sample): unknown => (typeof value === 'function' ? value(fixture) : value);

  // ---- The corpus. ----

  /** Values of a path parameter that name nothing that exists, or nothing at all. */
  const BAD_PARAMS = [
    '99999999999999999999',
    '2147483648',
    '9999999999',
    '-1',
    '0',
    'abc',
    '%E4%B8%AD%F0%9F%98%80',
    '1e3',
    '%00',
    '..%2f',
    '%ff',
    '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    'x'.repeat(300),
  ];
  /** Fewer for pages, each of which is a whole render. */
  const BAD_PAGE_PARAMS = ['99999999999999999999', '-1', '%00', '..%2f', '%ff', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'x'.repeat(300)];
  const MEGABYTE = 'm'.repeat(1024 * 1024);
  /** Numbers JSON can write but no field of ours takes; raw text, since JSON.stringify cannot write them all. */
  const HUGE_NUMBERS = ['1e308', '-1', '2147483648', String(2 ** 53 + 1), '99999999999999999999'];
  const JSON_TYPE = 'application/json';

  /** The route's path with its parameters, each one replaced in turn by `replace` when given. */
  const pathOf = (route: string, params: Readonly<Record<string, Ref>> | undefined, replace?: [string, string]) =>
    route.replace(/:(\w+)(\?)?/g, (_match, name: string) => {
      if (replace && replace[0] === name) return replace[1];
      const ref = params?.[name];
      if (!ref) throw new Error(`${route}: no value for :${name}`);
      return fixture.own[ref];
    });
  const sampleBody = (route: ApiRoute) => Object.fromEntries(Object.entries(route.body ?? {}).map(([name, f]) => [name, sample(f.sample)]));
  const sampleQuery = (route: ApiRoute) =>
    Object.entries(route.query ?? {})
      .map(([name, [, value]]) => `${name}=${encodeURIComponent(String(sample(value)))}`)
      .join('&');
  const withQuery = (url: string, query: string) => (query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url);
  /** The sample body with one field's value replaced by raw JSON text. */
  const bodyWith = (route: ApiRoute, name: string, raw: string): RawBody => {
    const marker = '"__corpus_value__"';
    return jsonText(JSON.stringify({ ...sampleBody(route), [name]: '__corpus_value__' }).replace(marker, raw));
  };
  const sendsBody = (route: ApiRoute) => route.method !== 'get';
  const defaultBody = (route: ApiRoute): RawBody | undefined => (sendsBody(route) && route.body ? jsonText(JSON.stringify(sampleBody(route))) : undefined);

  const WRONG_TYPES: Record<Kind, string[]> = {
    text: ['12345', '{}', '[]', 'true'],
    number: ['"12"', '{}', '[]', 'true', '1.5'],
    boolean: ['"true"', '1', '{}', '[]'],
    list: ['"one"', '1', '{}', 'true'],
    loose: ['12345', '{}', '[]', 'true'],
  };

  /** The body corpus of one endpoint, as one caller. */
  function bodyProbes(route: ApiRoute, url: string, as: Caller): Probe[] {
    const probe = (label: string, body: RawBody | undefined, refuse: boolean, headers?: Record<string, string>): Probe => ({
      method: route.method,
      path: url,
      label,
      as,
      body,
      refuse,
      headers,
    });
    const required = route.required === true;
    const validated = route.body !== undefined;
    const probes: Probe[] = [
      probe('malformed JSON: {', jsonText('{'), true),
      probe('malformed JSON: {"a":}', jsonText('{"a":}'), true),
      probe('malformed JSON: trailing garbage', jsonText(`${JSON.stringify(sampleBody(route))}garbage`), true),
      probe('JSON array', jsonText('[]'), validated),
      probe('JSON string', jsonText('"x"'), true),
      probe('JSON number', jsonText('1'), true),
      probe('JSON null', jsonText('null'), true),
      probe('invalid UTF-8', { type: JSON_TYPE, data: Buffer.from([0xff, 0xfe]) }, true),
      probe('unsupported charset', { type: 'application/json; charset=latin1', data: Buffer.from('{}') }, true),
      probe('unclosed nesting, 10 kB of [', jsonText('['.repeat(10_000)), true),
      probe('nested arrays 5000 deep', jsonText(`${'['.repeat(5000)}${']'.repeat(5000)}`), true),
      probe('nested objects 5000 deep', jsonText(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`), true),
      probe('NUL in a key', jsonText('{"a\\u0000b": 1}'), true),
      probe(
        '__proto__ and constructor keys',
        jsonText(`{"__proto__": {"is_staff": true}, "constructor": {"prototype": {"x": 1}}, ${JSON.stringify(sampleBody(route)).slice(1)}`),
        false,
      ),
      probe('gzip that is not', jsonText('{"a":1}'), true, { 'Content-Encoding': 'gzip' }),
      probe('unknown Content-Encoding', jsonText('{"a":1}'), true, { 'Content-Encoding': 'zstd-x' }),
      probe('no Content-Type', { data: Buffer.from(JSON.stringify(sampleBody(route))) }, required),
      probe('text/plain', { type: 'text/plain', data: Buffer.from(JSON.stringify(sampleBody(route))) }, required),
      probe('urlencoded', form(new URLSearchParams(Object.entries(sampleBody(route)).map(([k, v]) => [k, String(v)])).toString()), required),
      probe('garbage multipart', { type: 'multipart/form-data; boundary=zz', data: Buffer.from('--zz\r\ngarbage') }, required),
      probe('empty JSON body', jsonText(''), required),
      probe('no body', undefined, required),
    ];
    if (as.name !== 'anonymous')
      probes.push(probe('3 MB body', jsonText(JSON.stringify({ ...sampleBody(route), padding: 'p'.repeat(3 * 1024 * 1024) })), true));
    const firstText = Object.entries(route.body ?? {}).find(([, f]) => f.kind === 'text')?.[0];
    if (firstText) {
      const raw = Buffer.concat([Buffer.from(`{"${firstText}":"`), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from('"}')]);
      probes.push(probe('invalid UTF-8 in a text field', { type: JSON_TYPE, data: raw }, false));
      probes.push(
        probe(
          '<script> in every text field',
          jsonText(
            JSON.stringify({
              ...sampleBody(route),
              ...Object.fromEntries(
                Object.entries(route.body ?? {})
                  .filter(([, f]) => f.kind === 'text')
                  .map(([n]) => [n, '<script>alert(1)</script>']),
              ),
            }),
          ),
          false,
        ),
      );
    }
    for (const [name, field] of Object.entries(route.body ?? {})) {
      const strict = field.kind !== 'loose';
      for (const raw of WRONG_TYPES[field.kind]) probes.push(probe(`${name}: ${raw}`, bodyWith(route, name, raw), strict));
      for (const raw of HUGE_NUMBERS) probes.push(probe(`${name}: ${raw}`, bodyWith(route, name, raw), strict));
      if (as.name !== 'anonymous') probes.push(probe(`${name}: 1 MB string`, bodyWith(route, name, JSON.stringify(MEGABYTE)), strict));
      probes.push(probe(`${name}: NUL`, bodyWith(route, name, field.kind === 'list' ? '["a\\u0000b"]' : '"a\\u0000b"'), true));
      probes.push(probe(`${name}: nested 5000 deep`, bodyWith(route, name, `${'['.repeat(5000)}${']'.repeat(5000)}`), true));
      if (field.kind === 'text') probes.push(probe(`${name}: <script>`, bodyWith(route, name, '"<script>alert(1)</script>"'), false));
      if (field.kind === 'text') probes.push(probe(`${name}: lone surrogate and emoji`, bodyWith(route, name, '"\\ud800 \\udfff 😀 \\u202e"'), false));
    }
    if (route.form) {
      const name = 'A booklet';
      probes.push(
        probe(
          'form: name twice',
          multipart([
            ['name', name],
            ['name', name],
          ]),
          true,
        ),
        probe('form: a cover that is text', multipart({ name }, { name: 'cover', bytes: Buffer.from('not an image') }), true),
        probe('form: a cover of bytes', multipart({ name }, { name: 'cover', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00, 0xfe]) }), true),
        probe('form: another file field', multipart({ name }, { name: 'avatar', bytes: Buffer.from('x') }), true),
        probe('form: NUL in the name', multipart({ name: 'a\u0000b' }), true),
        probe('form: 11 fields', multipart(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, 'x']))), true),
        probe('form: a 100 kB field', multipart({ name, description: 'd'.repeat(100_000) }), true),
        probe('form: <script> name', multipart({ name: '<script>alert(1)</script>' }), false),
        probe(
          'form: unterminated',
          {
            type: 'multipart/form-data; boundary=zine-corpus-boundary',
            data: Buffer.from('--zine-corpus-boundary\r\nContent-Disposition: form-data; name="name"\r\n\r\nA'),
          },
          true,
        ),
      );
      if (as.name !== 'anonymous')
        probes.push(probe('form: a 6 MB cover', multipart({ name }, { name: 'cover', bytes: Buffer.alloc(6 * 1024 * 1024, 1) }), true));
    }
    for (const body of route.refused?.(fixture) ?? []) probes.push(probe(JSON.stringify(body).slice(0, 80), jsonText(JSON.stringify(body)), true));
    return probes;
  }

  /** Query strings: the same parameter twice, negative, not a number, infinite, bad escapes, NUL. */
  function queryProbes(route: ApiRoute, url: string, as: Caller): Probe[] {
    const body = defaultBody(route);
    // The route's own good parameters go along, so that only the spoiled one is at fault.
    const base = sampleQuery(route);
    const probe = (label: string, query: string, refuse: boolean): Probe => ({
      method: route.method,
      path: withQuery(withQuery(url, base), query),
      label,
      as,
      body,
      refuse,
    });
    const paged = route.paged === true;
    const probes: Probe[] = [
      probe('?page=1&page=2', 'page=1&page=2', paged),
      probe('?page=-1', 'page=-1', paged),
      probe('?page=abc', 'page=abc', paged),
      probe('?page=1e999', 'page=1e999', paged),
      probe('?page=99999999999999999999', 'page=99999999999999999999', paged),
      probe('?page_size=99999999999999999999', 'page_size=99999999999999999999', paged),
      probe('?page_size=0', 'page_size=0', paged),
      probe('?x=%00', 'x=%00', true),
      probe('?%ff=%ff', '%ff=%ff', false),
      probe('?x[y]=1', 'x[y]=1&x[z][w]=2', false),
      // Node answers 431 itself to a request line and headers beyond 16 kB: this stays below.
      probe('1500 parameters', Array.from({ length: 1500 }, (_, i) => `p${i}=1`).join('&'), false),
      probe('10 kB value', `x=${'y'.repeat(10_000)}`, false),
      probe('?x=<script>', 'x=%3Cscript%3Ealert(1)%3C%2Fscript%3E', false),
    ];
    for (const [name, [kind]] of Object.entries(route.query ?? {})) {
      const strict = kind === 'strict';
      const others = Object.entries(route.query ?? {})
        .filter(([other]) => other !== name)
        .map(([other, [, value]]) => `${other}=${encodeURIComponent(String(sample(value)))}`);
      const spoil = (label: string, value: string, refuse: boolean) =>
        probes.push({ method: route.method, path: withQuery(url, [...others, `${name}=${value}`].join('&')), label: `${name}: ${label}`, as, body, refuse });
      spoil('twice', `a&${name}=b`, false);
      spoil('%00', '%00', true);
      spoil('%ff', '%ff', strict);
      spoil('-1', '-1', strict);
      spoil('1e999', '1e999', strict);
      spoil('99999999999999999999', '99999999999999999999', strict);
      spoil('<script>', '%3Cscript%3E', strict);
      spoil('10 kB', 'z'.repeat(10_000), strict);
    }
    return probes;
  }

  /** Headers: a bad token, garbage cookies, garbage languages and addresses, and the route's own headers spoiled. */
  function headerProbes(route: ApiRoute, url: string, as: Caller): Probe[] {
    const body = defaultBody(route);
    const probe = (label: string, extra: Partial<Probe>, refuse: boolean): Probe => ({
      method: route.method,
      path: withQuery(url, sampleQuery(route)),
      label,
      as,
      body,
      refuse,
      ...extra,
    });
    const probes: Probe[] = [
      probe('Authorization: Bearer garbage', { headers: { Authorization: 'Bearer %ff<script>' } }, true),
      probe('Authorization: Bearer 8 kB', { headers: { Authorization: `Bearer ${'t'.repeat(8000)}` } }, true),
      probe('Authorization: Basic garbage', { headers: { Authorization: 'Basic %ff' } }, false),
      probe('Cookie: sessionid=%ff', { cookie: `sessionid=%ff; csrftoken=${as.csrf}` }, false),
      probe('Cookie: 6 kB session', { cookie: `sessionid=${'s'.repeat(6000)}; csrftoken=${as.csrf}` }, false),
      probe('Cookie: garbage referral', { cookie: `${as.cookie}; zine_referral=%ff%00<script>` }, false),
      probe('Cookie: unparseable', { cookie: '=;;=%;sessionid' }, false),
      probe('Accept-Language: garbage', { headers: { 'Accept-Language': `zz-ZZZZZZZZZ;q=abc, *;q=-1, ,;, en;q=1e999, ${'x'.repeat(2000)}` } }, false),
      probe('X-Forwarded-For: garbage', { headers: { 'X-Forwarded-For': '%ff, <script>, 999.999.999.999' } }, false),
      probe('X-Share-Code: garbage', { headers: { 'X-Share-Code': `%ff${'c'.repeat(2000)}` } }, false),
    ];
    if (route.method === 'get') probes.push(probe('GET with a malformed JSON body', { body: jsonText('{') }, true));
    for (const name of Object.keys(route.headers ?? {})) {
      for (const value of ['', '%ff', '<script>', 'c'.repeat(5000)])
        probes.push(probe(`${name}: ${value.slice(0, 10)}`, { headers: { ...route.headers, [name]: value } }, true));
    }
    if (route.headers) probes.push(probe('X-Base-Modify-Date: garbage', { headers: { ...route.headers, 'X-Base-Modify-Date': 'yesterday' } }, true));
    return probes;
  }

  /** Each path parameter replaced by another person's value (anything may answer) and by values that name nothing (a 4xx). */
  function paramProbes(route: ApiRoute, as: Caller): Probe[] {
    const probes: Probe[] = [];
    for (const [name, ref] of Object.entries(route.params ?? {})) {
      const values: [string, boolean][] = [[fixture.other[ref], false], ...BAD_PARAMS.map((bad): [string, boolean] => [bad, true])];
      for (const [value, refuse] of values) {
        const url = withQuery(pathOf(route.route, route.params, [name, value]), sampleQuery(route));
        probes.push({ method: route.method, path: url, label: `:${name}=${value.slice(0, 20)}`, as, body: defaultBody(route), refuse });
      }
    }
    return probes;
  }

  const callersFor = (route: ApiRoute) => (route.streams ? [anonymous] : route.signsOut ? [dan, anonymous] : [ann, anonymous]);

  // ---- The tables stay whole. ----

  it('lists every /api route the routers declare, and nothing else', () => {
    const declared = new Set(declaredApiRoutes());
    const listed = new Set(API_ROUTES.map((r) => `${r.method.toUpperCase()} ${r.route}`));
    expect(declared.size).toBeGreaterThan(50);
    const missing = [...declared].filter((r) => !listed.has(r));
    const stale = [...listed].filter((r) => !declared.has(r));
    expect({ missing, stale }, 'missing: routes to add to API_ROUTES; stale: entries no router declares').toEqual({ missing: [], stale: [] });
  });

  it('knows the parameters of every page of the client route table, and lists every route of the server’s own', () => {
    const server = declaredServerRoutes();
    const paramsOf = (page: PageName) =>
      PAGE_ROUTES.filter(({ chain }) => chain.includes(page)).flatMap(({ pattern }) => patternParams(pattern).map(({ name }) => name));
    expect(PAGE_ROUTES.length).toBeGreaterThan(30);
    expect(
      {
        missingPages: PAGE_ROUTES.flatMap(({ unknown }) => unknown),
        stalePages: Object.entries(PAGE_PARAMS).flatMap(([page, refs]) =>
          Object.keys(refs ?? {})
            .filter((name) => !isPageName(page) || !paramsOf(page).includes(name))
            .map((name) => `${page} :${name}`),
        ),
        missingServerRoutes: server.filter((r) => !(r in SERVER_ROUTES)),
        staleServerRoutes: Object.keys(SERVER_ROUTES).filter((r) => !server.includes(r)),
      },
      'missing: page parameters to add to PAGE_PARAMS, routes to add to SERVER_ROUTES; stale: entries nothing declares',
    ).toEqual({ missingPages: [], stalePages: [], missingServerRoutes: [], staleServerRoutes: [] });
  });

  // ---- Refused input changes nothing. ----

  it('leaves the database as it was after refused bodies', async () => {
    const snapshot = async () => ({
      comments: await database.db.selectFrom('comments').selectAll().orderBy('id').execute(),
      articles: await database.db.selectFrom('articles').selectAll().orderBy('id').execute(),
      booklets: await database.db.selectFrom('booklets').selectAll().orderBy('id').execute(),
      items: await database.db.selectFrom('booklet_items').selectAll().orderBy('id').execute(),
    });
    const representative = ['POST /api/comments/article/:slug/', 'PATCH /api/articles/:id/', 'PATCH /api/booklet/:id/', 'POST /api/booklet/:id/items/'];
    const routes = API_ROUTES.filter((r) => representative.includes(`${r.method.toUpperCase()} ${r.route}`));
    expect(routes).toHaveLength(representative.length);
    const before = await snapshot();
    const probes = routes.flatMap((route) => bodyProbes(route, pathOf(route.route, route.params), ann).filter((p) => p.refuse));
    const failures = await failuresOf(probes);
    expect(failures, report(failures, probes.length)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  // ---- The API. ----

  it('refuses bad bodies on every API endpoint with 4xx, never 5xx', async () => {
    const probes = API_ROUTES.filter(sendsBody).flatMap((route) => callersFor(route).flatMap((as) => bodyProbes(route, pathOf(route.route, route.params), as)));
    const failures = await failuresOf(probes);
    expect(failures, report(failures, probes.length)).toEqual([]);
  }, 300_000);

  it('answers bad query strings and headers on every API endpoint without a 5xx', async () => {
    const probes = API_ROUTES.flatMap((route) =>
      callersFor(route).flatMap((as) => {
        const url = pathOf(route.route, route.params);
        return [...queryProbes(route, url, as), ...headerProbes(route, url, as)];
      }),
    );
    const failures = await failuresOf(probes);
    expect(failures, report(failures, probes.length)).toEqual([]);
  }, 300_000);

  it('answers other people’s, huge, negative and odd ids in API paths with 4xx', async () => {
    const probes = API_ROUTES.flatMap((route) => callersFor(route).flatMap((as) => paramProbes(route, as)));
    const failures = await failuresOf(probes);
    expect(failures, report(failures, probes.length)).toEqual([]);
  }, 300_000);

  // ---- Pages. ----

  /** A page's requests: as the author and anonymously, then with garbage in the query, headers and cookies. */
  function pageProbes(url: string, full: boolean): Probe[] {
    const probe = (label: string, as: Caller, extra: Partial<Probe> = {}): Probe => ({ method: 'get', path: url, label, as, refuse: false, ...extra });
    const probes = [probe('anonymous', anonymous), probe('signed in', ann)];
    if (!full) return probes;
    return [
      ...probes,
      probe('?next=%ff', anonymous, { path: withQuery(url, 'next=%ff') }),
      probe('garbage query', ann, {
        path: withQuery(url, 'page=1&page=-1&page_size=1e999&x=%00&%ff=%ff&next=//%09/x&share=%ff&__token=%00&code=%3Cscript%3E&article=99999999999999999999'),
      }),
      probe('huge query values', anonymous, {
        path: withQuery(url, `page=99999999999999999999&article=-1&code=${'c'.repeat(3000)}&share=${'s'.repeat(3000)}`),
      }),
      probe('Accept-Language: garbage', anonymous, { headers: { 'Accept-Language': `zz-ZZZZZZZZZ;q=abc, *;q=-1, ,;, en;q=1e999, ${'x'.repeat(2000)}` } }),
      probe('chat-app browser', anonymous, { headers: { 'User-Agent': 'Mozilla/5.0 MicroMessenger/8.0 miniProgram %ff <script>' } }),
      probe('Cookie: garbage', anonymous, { cookie: 'sessionid=%ff; csrftoken=%00; locale=<script>; django_language=%ff; =;;' }),
      probe('Cookie: 6 kB session', anonymous, { cookie: `sessionid=${'s'.repeat(6000)}` }),
      probe('Authorization: Bearer garbage', anonymous, { headers: { Authorization: 'Bearer %ff' } }),
      probe('POST malformed JSON', ann, { method: 'post', body: jsonText('{') }),
    ];
  }

  /** Concrete paths of a route pattern: its own values, then each parameter as another person's value and as odd ones. */
  function pagePaths(pattern: string, params: Readonly<Record<string, Ref>>): { url: string; full: boolean }[] {
    const paths = [{ url: pathOf(pattern, params), full: true }];
    for (const [name, ref] of Object.entries(params)) {
      if (pattern.includes(`:${name}?`)) paths.push({ url: pathOf(pattern.replace(`/:${name}?`, ''), params) || '/', full: false });
      for (const value of [fixture.other[ref], ...BAD_PAGE_PARAMS]) paths.push({ url: pathOf(pattern, params, [name, value]), full: false });
    }
    return paths;
  }

  it('renders every page, with garbage in its path, query, headers and cookies, without a 5xx', async () => {
    const probes = PAGE_ROUTES.flatMap(({ pattern, params }) =>
      pagePaths(pattern, params).flatMap(({ url, full }) => [...pageProbes(url, full), ...(full ? pageProbes(`${url.replace(/\/$/, '')}/`, false) : [])]),
    );
    const failures = await failuresOf(probes);
    expect(failures, report(failures, probes.length)).toEqual([]);
  }, 300_000);

  it('answers the server’s own pages and odd paths without a 5xx', async () => {
    const probes: Probe[] = [];
    for (const route of Object.values(SERVER_ROUTES)) {
      for (const url of route.paths(fixture)) {
        if (route.method === 'get') {
          probes.push(...pageProbes(url, false));
          continue;
        }
        for (const as of [ann, anonymous]) {
          for (const body of route.bodies?.(fixture, as.csrf) ?? [undefined])
            probes.push({ method: route.method, path: url, label: `${body?.type ?? 'no type'} ${body?.data.length ?? 0} bytes`, as, body, refuse: false });
        }
      }
    }
    for (const url of ODD_PATHS)
      probes.push(...pageProbes(url, false), { method: 'post', path: url, label: 'POST malformed JSON', as: ann, body: jsonText('{'), refuse: false });
    const failures = await failuresOf(probes);
    expect(failures, report(failures, probes.length)).toEqual([]);
  }, 300_000);
});

describe('the Qiniu upload callback, with Qiniu credentials', async () => {
  const qiniu = {
    accessKey: 'test-access-key-0001',
    secretKey: 'test-secret-key-0001',
    bucket: 'zine-media',
    domain: 'https://media.zine.example',
    uploadUrl: 'https://upload.qiniup.com',
  };
  const { app, database } = await testApp({
    config: { qiniu, publicOrigin: 'https://zine.example' },
    deps: { media: new QiniuMediaStore(qiniu, 'https://zine.example') },
  });
  const cy = await createPerson(database, 'cy');
  const article = await writeArticle(database, cy.id, 'cy-draft');
  const callbackPath = '/api/attachments/qiniu/callback/';
  const sign = (data: string) =>
    `QBox ${qiniu.accessKey}:${createHmac('sha1', qiniu.secretKey).update(data).digest('base64').replace(/\+/g, '-').replace(/\//g, '_')}`;

  it('answers signed callbacks with bad fields, and unsigned garbage, with 4xx', async () => {
    const bodies: [string, boolean][] = [
      ['', true],
      ['garbage', true],
      ['%ff=%ff', true],
      ['key=%00', true],
    ];
    for (const name of ['key', 'hash', 'fsize', 'mimeType', 'user', 'article']) {
      for (const value of ['', '-1', '0', '99999999999999999999', '2147483648', '1e308', '%00', '%ff', '<script>', 'x'.repeat(5000)]) {
        // A fresh key each time: a key already recorded is refused before anything else is looked at.
        const good = {
          key: `${randomBytes(8).toString('hex')}_hd.png`,
          hash: 'Fhash',
          fsize: '10',
          mimeType: 'image/png',
          user: String(cy.id),
          article: String(article),
        };
        // Any short text is a hash Qiniu may send, and an article that is not the uploader's is recorded without one.
        const refuse = !((name === 'hash' && value.length <= 64) || (name === 'article' && /^[1-9]\d*$/.test(value) && Number.isSafeInteger(Number(value))));
        bodies.push([new URLSearchParams({ ...good, [name]: value }).toString().replace(/%2500/g, '%00').replace(/%25ff/g, '%ff'), refuse]);
      }
    }
    const failures: string[] = [];
    for (const [body, refuse] of bodies) {
      for (const signed of [true, false]) {
        const res = await request(app)
          .post(callbackPath)
          .set('Content-Type', 'application/x-www-form-urlencoded')
          .set('Authorization', signed ? sign(`${callbackPath}\n${body}`) : 'QBox %ff:%00')
          .send(body);
        if (res.status >= 500 || ((refuse || !signed) && res.status < 400))
          failures.push(`${signed ? 'signed' : 'unsigned'} ${body.slice(0, 100)} -> ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------
// Reading the routes from their source, so that the tables cannot go stale.
// ---------------------------------------------------------------------------------------

const read = (file: string) => fs.readFileSync(file, 'utf8');

/** `METHOD /api/...` for every route the embedded backend's routers declare (server/api/router.ts and what it mounts). */
function declaredApiRoutes(): string[] {
  const file = 'server/api/router.ts';
  const source = read(file);
  const found: string[] = [];
  for (const [, mount = '', name = '', prop] of source.matchAll(/\bapi\.use\(\s*(?:'([^']*)'\s*,\s*)?([A-Za-z_$][\w$]*)(?:\.([\w$]+))?/g)) {
    // `const social = socialRoutes(deps); api.use('/columns', social.columns)`
    const factory = new RegExp(`const ${name} = (\\w+)\\(`).exec(source)?.[1] ?? name;
    const target = definingFile(file, source, factory);
    if (target) found.push(...routesOf(target, factory, `/api${mount}`, prop));
  }
  // The page reads (pageReads.ts): `const reads = [accountInfoRead(deps), ...bookletReads(deps)]`, each with its `path: '...'`.
  const reads = /const reads = \[([^\]]*)\]/.exec(source)?.[1] ?? '';
  for (const [, factory = ''] of reads.matchAll(/(\w+)\(deps\)/g)) {
    const target = definingFile(file, source, factory);
    if (!target) throw new Error(`no file defines ${factory}`);
    const defining = read(target);
    const start = defining.search(new RegExp(`\\bfunction ${factory}\\(`));
    const end = defining.slice(start + 1).search(/\n(?:export )?(?:async )?function /);
    const body = end < 0 ? defining.slice(start) : defining.slice(start, start + 1 + end);
    for (const [, route = ''] of body.matchAll(/\bpath: '([^']*)'/g)) found.push(`GET /api${route}`);
  }
  return found;
}

/** The file that defines (or is imported for) a function, or null for a package's. */
function definingFile(file: string, source: string, name: string): string | null {
  if (new RegExp(`\\bfunction ${name}\\(`).test(source)) return file;
  for (const [, names = '', from = ''] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']*)'/g)) {
    if (
      names.split(',').some(
        (n) =>
          n
            .trim()
            .split(/\s+as\s+/)
            .pop() === name,
      )
    )
      return path.join(path.dirname(file), `${from}.ts`);
  }
  return null;
}

/** The routes a router factory declares, under `prefix`; `prop` picks one router of several it returns. */
function routesOf(file: string, factory: string, prefix: string, prop?: string): string[] {
  const source = read(file);
  const start = source.search(new RegExp(`\\bfunction ${factory}\\(`));
  if (start < 0) throw new Error(`no function ${factory} in ${file}`);
  const end = source.slice(start + 1).search(/\n(?:export )?(?:async )?function /);
  const body = end < 0 ? source.slice(start) : source.slice(start, start + 1 + end);
  let routers = [...body.matchAll(/const (\w+) = (?:express\.)?Router\(/g)].map((m) => m[1] ?? '');
  if (prop) {
    // `return { columns, follow: followRouter }`
    const returned = (/return\s*\{([^}]*)\}/.exec(body)?.[1] ?? '').split(',').map((entry) => entry.split(':').map((s) => s.trim()));
    const entry = returned.find(([key]) => key === prop);
    routers = entry ? [entry[1] ?? entry[0] ?? ''] : [];
  }
  const found: string[] = [];
  for (const router of routers) {
    for (const [, method = '', arg = ''] of body.matchAll(new RegExp(`\\b${router}\\.(get|post|put|patch|delete)\\(\\s*('[^']*'|[^,]+)`, 'g'))) {
      // A path that is not a plain string (an array, a constant) shows as `?...` and matches no table entry.
      found.push(`${method.toUpperCase()} ${prefix}${arg.startsWith("'") ? arg.slice(1, -1) : `?${arg}`}`);
    }
    for (const [, mount = '', nested = ''] of body.matchAll(new RegExp(`\\b${router}\\.use\\(\\s*'([^']*)'\\s*,\\s*(\\w+)\\(`, 'g'))) {
      const target = definingFile(file, source, nested);
      if (target) found.push(...routesOf(target, nested, `${prefix}${mount}`));
    }
  }
  return found;
}

/** `file METHOD argument` for every route declared on a router or app outside server/api. */
function declaredServerRoutes(): string[] {
  const files = fs
    .readdirSync('server', { recursive: true, encoding: 'utf8' })
    .map((name) => path.join('server', name))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(path.join('server', 'api') + path.sep));
  const found = new Set<string>();
  for (const file of files) {
    const source = read(file);
    const receivers = [...source.matchAll(/const (\w+) = (?:express\.Router\(|Router\(|express\(\))/g)].map((m) => m[1] ?? '');
    for (const receiver of receivers) {
      for (const [, method = '', arg = ''] of source.matchAll(
        new RegExp(`\\b${receiver}\\.(get|post|put|patch|delete)\\(\\s*(\\[[^\\]]*\\]|'[^']*'|[\\w.]+)`, 'g'),
      )) {
        found.add(`${file.split(path.sep).join('/')} ${method.toUpperCase()} ${arg}`);
      }
    }
  }
  return [...found];
}
