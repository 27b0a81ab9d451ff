import { verify } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WechatAppParams } from '../../shared/payments';
import { creditWallet, PLATFORM_ADJUSTMENTS } from '../../server/payments/ledger';
import { refundOrder } from '../../server/payments/refunds/refundOrder';
import { launchBrowser, signInBrowser, watchForErrors } from '../support/browser';
import { MP_APP_ID, startLivePaymentSite, WECHAT_OPEN_BASE, type LivePaymentSite } from '../support/livePaymentSite';
import { createPerson, PASSWORD } from '../support/people';
import type { StandInOrder } from '../support/wechatPayStandIn';
import { qrDrawing } from '../../client/payments/qrPath';
import { PAYMENT_TEXTS } from '../../client/payments/texts';
import { WALLET_TEXTS } from '../../client/pages/profile-wallet/texts';
import en from '../../client/i18n/en';
import type { Message } from '../../client/i18n/translate';
import zhCN from '../../client/i18n/zh-CN';
import zhTW from '../../client/i18n/zh-TW';
import { bookletOrder } from '../support/orders';

// Real-money payments in Chromium against the local WeChat Pay and Alipay stand-ins (docs/decisions/037,
// 044, 049, 052, 069): the chat-app bridge, the desktop QR code, H5 pay in a phone's browser and its
// return page, Alipay's page pay and its return, and a refund the buyer sees, a payout; each in the
// three languages, with the product's own texts.

let browser: Browser | undefined;
let live: LivePaymentSite | undefined;
beforeAll(async () => {
  [browser, live] = await Promise.all([launchBrowser(), startLivePaymentSite()]);
});
afterAll(async () => {
  await browser?.close();
  await live?.close();
});
const site = (): LivePaymentSite => {
  if (!live) throw new Error('the payment site is not up');
  return live;
};

const CHAPTER = '/booklet/the-walkers-notebook/the-notebook-habit';
/** Words of the demo booklet's first paid chapter: a buyer reads them, nobody else does. */
const PAID_WORDS = 'Carry a notebook small enough to forget';
const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
/** A phone's own browser, not the chat app: WeChat Pay's H5 pay (docs/decisions/069). */
const PHONE_SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const LOCALES = ['en', 'zh-CN', 'zh-TW'] as const;
type Locale = (typeof LOCALES)[number];
const CATALOGUES = { en, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;

/** A text of a table that has no parameters. */
function plain(message: Message): string {
  if (typeof message !== 'string') throw new Error('a text with forms where one text was expected');
  return message;
}

/** What the journeys click and read, in the reader's language: the product's own texts. */
function wordsOf(locale: Locale) {
  const panel = PAYMENT_TEXTS[locale];
  const wallet = WALLET_TEXTS[locale];
  const buyPrefix = plain(CATALOGUES[locale]['paywall.buy']).split('{price}')[0] ?? '';
  return {
    buy: new RegExp(`^${buyPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}¥`),
    wechat: plain(panel['panel.wechat']),
    wechatQr: plain(panel['panel.wechatQr']),
    qrLabel: plain(panel['panel.qrLabel']),
    scan: plain(panel['panel.scan']),
    success: plain(panel['panel.success']),
    done: plain(panel['panel.done']),
    web: plain(panel['panel.web']),
    orderPaid: plain(panel['status.paid']),
    orderRefunded: plain(panel['status.refunded']),
    verify: plain(panel['wallet.verify']),
    amount: plain(panel['wallet.amount']),
    withdraw: plain(panel['wallet.submit']),
    processing: plain(wallet['status.processing']),
    paidOut: plain(wallet['status.paid']),
    returnPaid: plain(panel['return.paid']),
    returnContinue: plain(panel['return.continue']),
  };
}

let people = 0;

/** A fresh account, signed in, in a new browser context with the reader's language and user agent. */
async function buyer(locale: Locale, userAgent: string, width = 1280): Promise<{ context: BrowserContext; page: Page; id: number }> {
  if (!browser) throw new Error('no browser yet');
  const person = await createPerson(site().database, `payer${++people}`);
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale, userAgent });
  await signInBrowser(context, site().origin, `${person.username}@example.com`, PASSWORD);
  return { context, page: await context.newPage(), id: person.id };
}

async function openChapter(page: Page): Promise<void> {
  await page.goto(site().origin + CHAPTER);
  await page.waitForSelector('html[data-hydrated="true"]');
}

async function orderRefOf(userId: number): Promise<string> {
  const row = await site().database.db.selectFrom('orders').select('ref').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return row.ref;
}

/** The stand-in's order for a code_url or a prepay id. */
function standInOrder(match: (order: StandInOrder) => boolean): StandInOrder {
  const order = [...site().wx.orders.values()].find(match);
  if (!order) throw new Error('the WeChat Pay stand-in has no such order');
  return order;
}

/**
 * WeChat's side of the chat-app payment sign-in, for the account `id` (this machine has no network):
 * the authorize page answers at once, back to our callback with a code the stand-in exchanges for
 * the open id `o-payer-{id}`; and WeChat's JS-SDK, which the chat-app pages load to sign for sharing.
 */
async function answerWechatSignIn(context: BrowserContext, id: number): Promise<void> {
  site().wx.openids.add(`o-payer-${id}`);
  // Our redirect to WeChat is taken as it leaves the server.
  await context.route(`${site().origin}/accounts/login/wechat_payment/**`, async (route) => {
    const ours = await route.fetch({ maxRedirects: 0 });
    const asked = new URL(ours.headers().location ?? '');
    expect(asked.origin).toBe(WECHAT_OPEN_BASE);
    const code = `code-${id}`;
    site().oauthCodes[code] = `o-payer-${id}`;
    const back = new URL(asked.searchParams.get('redirect_uri') ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('state', asked.searchParams.get('state') ?? '');
    await route.fulfill({ status: 302, headers: { Location: back.toString() } });
  });
  await context.route('https://res.wx.qq.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.wx={config:function(){},ready:function(){},error:function(){}};' }),
  );
}

describe('paying real providers in Chromium', () => {
  it.each(LOCALES)(
    'pays with WeChat Pay in the chat-app browser: the payment sign-in, the bridge, the notification; the chapter opens (%s)',
    async (locale) => {
      const words = wordsOf(locale);
      const { context, page, id } = await buyer(locale, WECHAT_UA, 375);
      await answerWechatSignIn(context, id);
      // The chat app's bridge: checks the pay parameters, then "WeChat" pays and notifies our server.
      const bridgeCalls: WechatAppParams[] = [];
      await context.exposeFunction('__wechatPayStandIn', async (params: WechatAppParams): Promise<string> => {
        bridgeCalls.push(params);
        const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
        if (!verify('sha256', Buffer.from(message), site().merchantPublicKey, Buffer.from(params.paySign, 'base64'))) return 'get_brand_wcpay_request:fail';
        const order = standInOrder((o) => `prepay_id=${o.prepayId}` === params.package);
        site().wx.pay(order.outTradeNo);
        const notified = await site().wx.notify(order.outTradeNo);
        return notified.status === 204 || notified.status === 200 ? 'get_brand_wcpay_request:ok' : 'get_brand_wcpay_request:fail';
      });
      await context.addInitScript(() => {
        Reflect.set(window, 'WeixinJSBridge', {
          invoke(name: string, params: Record<string, unknown>, callback: (answer: { err_msg: string }) => void) {
            const fields = ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'];
            if (name !== 'getBrandWCPayRequest' || !fields.every((f) => typeof params[f] === 'string' && params[f] !== '')) {
              callback({ err_msg: 'get_brand_wcpay_request:fail' });
              return;
            }
            const call: unknown = Reflect.get(window, '__wechatPayStandIn');
            if (typeof call !== 'function') return;
            void Promise.resolve(Reflect.apply(call, window, [params])).then((message: unknown) => callback({ err_msg: String(message) }));
          },
        });
      });
      const problems = watchForErrors(page);
      await openChapter(page);
      expect(await page.content()).not.toContain(PAID_WORDS);
      await page.getByRole('button', { name: words.buy }).click();
      await page.getByRole('dialog').getByRole('button', { name: words.wechat, exact: true }).click();
      // No payment open id yet: the payment sign-in, back on the chapter with one.
      await page.waitForURL((url) => url.pathname === CHAPTER && url.searchParams.get('openid') === `o-payer-${id}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.getByRole('button', { name: words.buy }).click();
      await page.getByRole('dialog').getByRole('button', { name: words.wechat, exact: true }).click();
      // The bridge answers ok and the page reloads: the chapter is open.
      await page.getByText(PAID_WORDS).waitFor();
      expect(bridgeCalls).toHaveLength(1);
      expect(bridgeCalls[0]).toMatchObject({ appId: MP_APP_ID, signType: 'RSA' });
      const ref = await orderRefOf(id);
      expect((await site().database.db.selectFrom('orders').select('status').where('ref', '=', ref).executeTakeFirstOrThrow()).status).toBe('paid');
      await context.close();
      expect(problems).toEqual([]);
    },
  );

  it.each(LOCALES)(
    'pays WeChat Pay’s QR code on desktop: the panel shows the code_url, turns to success by polling, the chapter opens (%s)',
    async (locale) => {
      const words = wordsOf(locale);
      const { context, page, id } = await buyer(locale, DESKTOP_UA);
      const problems = watchForErrors(page);
      await openChapter(page);
      expect(await page.content()).not.toContain(PAID_WORDS);
      await page.getByRole('button', { name: words.buy }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: words.wechatQr }).click();
      const qr = dialog.getByRole('img', { name: words.qrLabel });
      await qr.waitFor();
      await dialog.getByText(words.scan).waitFor();
      // The code the stand-in issued, drawn as it encodes.
      const codeUrl = (await qr.getAttribute('data-code-url')) ?? '';
      const placed = standInOrder((o) => o.codeUrl === codeUrl);
      expect(placed.tradeType).toBe('NATIVE');
      expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
      expect(await qr.locator('path').getAttribute('d')).toBe(qrDrawing(codeUrl).path);
      expect(await page.locator('.payment__qr path').count()).toBe(1);
      // The payer scans and pays on their phone; WeChat Pay notifies; the panel sees it at its next poll.
      site().wx.pay(placed.outTradeNo);
      expect((await site().wx.notify(placed.outTradeNo)).status).toBe(204);
      await page.evaluate(() => Reflect.set(window, '__samePage', true));
      await dialog.getByText(words.success, { exact: true }).waitFor({ timeout: 10_000 });
      await page.getByText(PAID_WORDS).waitFor();
      expect(await page.evaluate(() => Reflect.get(window, '__samePage'))).toBe(true);
      await dialog.getByRole('button', { name: words.done }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(
        (
          await site()
            .database.db.selectFrom('orders')
            .select('status')
            .where('ref', '=', await orderRefOf(id))
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('paid');
      await context.close();
      expect(problems).toEqual([]);
    },
  );

  it.each(LOCALES)(
    'pays with WeChat Pay’s H5 pay in a phone’s browser: the cashier sees our origin as Referer, the return page says paid, the chapter opens (%s)',
    async (locale) => {
      const words = wordsOf(locale);
      const { context, page, id } = await buyer(locale, PHONE_SAFARI_UA, 390);
      const problems = watchForErrors(page);
      await openChapter(page);
      expect(await page.content()).not.toContain(PAID_WORDS);
      await page.getByRole('button', { name: words.buy }).click();
      // WeChat's cashier (the stand-in's page) pays for a visit from the payer's address with our
      // origin as Referer, notifies, and sends the browser to our return page; else it says why.
      const cashier = page.waitForResponse((response) => response.url().startsWith(`${site().wx.origin}/`));
      await page.getByRole('dialog').getByRole('button', { name: words.wechat, exact: true }).click();
      const answer = await cashier;
      expect(answer.status(), answer.status() === 302 ? undefined : await answer.text()).toBe(302);
      await page.waitForURL((url) => url.origin === site().origin && url.pathname.startsWith('/payments/return/'));
      const ref = await orderRefOf(id);
      expect(page.url()).toContain(`/payments/return/${encodeURIComponent(ref)}/`);
      const placed = standInOrder((o) => o.tradeType === 'H5' && o.outTradeNo.startsWith(`${ref}H`));
      expect(placed.state).toBe('SUCCESS');
      // The browser itself sent the Referer: the site's origin, never the chapter's address.
      const visits = site().wx.requests.filter((r) => r.method === 'GET' && new URL(r.url, site().wx.origin).searchParams.get('prepay_id') === placed.prepayId);
      expect(visits).toMatchObject([{ status: 302, referer: `${site().origin}/` }]);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.getByText(words.returnPaid, { exact: true }).waitFor();
      await page.getByRole('link', { name: words.returnContinue }).click();
      await page.waitForURL((url) => url.pathname === CHAPTER);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.getByText(PAID_WORDS).waitFor();
      await context.close();
      expect(problems).toEqual([]);
    },
  );

  it.each(LOCALES)(
    'pays with Alipay’s page pay: the cashier, the notification, the return page; the chapter opens and the order is paid (%s)',
    async (locale) => {
      const words = wordsOf(locale);
      const { context, page, id } = await buyer(locale, DESKTOP_UA);
      const problems = watchForErrors(page);
      await openChapter(page);
      await page.getByRole('button', { name: words.buy }).click();
      await page.getByRole('dialog').getByRole('button', { name: words.web }).click();
      // Alipay's cashier (the stand-in's page): the payer pays there and is sent back through our return page.
      await page.waitForURL((url) => url.href.startsWith(site().ali.gateway));
      expect(new URL(page.url()).searchParams.get('method')).toBe('alipay.trade.page.pay');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL((url) => url.origin === site().origin && url.pathname === CHAPTER);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.getByText(PAID_WORDS).waitFor();
      const ref = await orderRefOf(id);
      const trade = [...site().ali.trades.values()].find((t) => t.outTradeNo.startsWith(ref.replace(/-/g, '_')));
      expect(trade?.status).toBe('TRADE_SUCCESS');
      expect(site().ali.requests.find((r) => r.method === 'cashier.pay')?.outcome).toBe('10000');
      await page.goto(`${site().origin}/profile/orders/`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.locator('.orders-list li', { hasText: ref }).getByText(words.orderPaid, { exact: true }).waitFor();
      await context.close();
      expect(problems).toEqual([]);
    },
  );

  it.each(LOCALES)('a refunded purchase locks the chapter again and the buyer’s orders say refunded (%s)', async (locale) => {
    const words = wordsOf(locale);
    const { context, page } = await buyer(locale, DESKTOP_UA);
    const problems = watchForErrors(page);
    // A purchase through WeChat Pay's QR code, as the panel makes it.
    const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const headers = { 'X-CSRFToken': csrf };
    const booklet = await site()
      .database.db.selectFrom('booklets')
      .select(['id', 'price_cents'])
      .where('slug', '=', 'the-walkers-notebook')
      .executeTakeFirstOrThrow();
    const created = await context.request.post(`${site().origin}/api/payments/order/`, { headers, data: bookletOrder(booklet.id, booklet.price_cents) });
    expect(created.status()).toBe(201);
    const ref = ((await created.json()) as { id: string }).id;
    const native = await context.request.get(`${site().origin}/api/payments/order/${ref}/wechat/native/`, { headers });
    const { code_url: codeUrl } = (await native.json()) as { code_url: string };
    const placed = standInOrder((o) => o.codeUrl === codeUrl);
    site().wx.pay(placed.outTradeNo);
    expect((await site().wx.notify(placed.outTradeNo)).status).toBe(204);
    await openChapter(page);
    await page.getByText(PAID_WORDS).waitFor();

    // The operator refunds it (npm run admin -- refund); WeChat Pay refunds and notifies.
    const refunding = await refundOrder(
      { db: site().database.db, now: Date.now, logger: site().logger, wechatPay: site().wechatPay, alipay: site().alipay },
      ref,
      null,
    );
    expect(refunding.outcome).toBe('pending');
    site().wx.finishRefund(refunding.refund.out_refund_no);
    expect((await site().wx.notifyRefund(refunding.refund.out_refund_no)).status).toBe(204);

    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: words.buy }).waitFor();
    expect(await page.content()).not.toContain(PAID_WORDS);
    await page.goto(`${site().origin}/profile/orders/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('.orders-list li', { hasText: ref }).getByText(words.orderRefunded, { exact: true }).waitFor();
    await context.close();
    expect(problems).toEqual([]);
  });

  it.each(LOCALES)('pays a withdrawal to the author’s WeChat balance: the payment sign-in, the transfer, followed until paid (%s)', async (locale) => {
    const words = wordsOf(locale);
    const { context, page, id } = await buyer(locale, WECHAT_UA, 375);
    await answerWechatSignIn(context, id);
    await site()
      .database.db.transaction()
      .execute((trx) => creditWallet(trx, id, 5000, { from: PLATFORM_ADJUSTMENTS, kind: 'adjustment', ref: 'Test credit', now: Date.now() }));
    const problems = watchForErrors(page);
    await page.goto(`${site().origin}/profile/wallet/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByTestId('wallet-balance').getByText('¥50.00').waitFor();
    // No payment open id yet: the payment sign-in, back on the wallet with one.
    await page.getByRole('link', { name: words.verify }).click();
    await page.waitForURL((url) => url.pathname === '/profile/wallet/' && url.searchParams.get('openid') === `o-payer-${id}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByLabel(words.amount).fill('12.5');
    await page.getByRole('button', { name: words.withdraw, exact: true }).click();
    await page.getByRole('status').filter({ hasText: '¥12.50' }).waitFor();
    await page.getByTestId('wallet-balance').getByText('¥37.50').waitFor();

    // WeChat Pay took the transfer at once; the page says it is on its way.
    const withdrawal = await site()
      .database.db.selectFrom('withdrawals')
      .select(['status', 'out_batch_no', 'out_detail_no'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(withdrawal.status).toBe('processing');
    const batch = site().wx.transfers.get(withdrawal.out_batch_no ?? '');
    expect(batch?.details).toMatchObject([{ openid: `o-payer-${id}`, amount: 1250 }]);
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByText(words.processing).waitFor();

    // WeChat Pay pays it; the sweep a minute later (its claim on the withdrawal lapsed) follows it to paid, and the author sees so.
    const transferredBefore = site().wx.transferredFen();
    site().wx.finishTransfer(withdrawal.out_detail_no ?? '', 'SUCCESS');
    await site()
      .database.db.updateTable('withdrawals')
      .set((eb) => ({ attempted_at: eb('attempted_at', '-', 60_000) }))
      .where('user_id', '=', id)
      .execute();
    expect(await site().wechatPay.payouts.sweep()).toMatchObject({ paid: 1 });
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByText(words.paidOut).waitFor();
    await page.getByTestId('wallet-balance').getByText('¥37.50').waitFor();
    expect(site().wx.transferredFen() - transferredBefore).toBe(1250);
    await context.close();
    expect(problems).toEqual([]);
  });
});
