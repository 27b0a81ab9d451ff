import { describe, expect, it } from 'vitest';
import { PLATFORM_CLEARING, PLATFORM_WECHATPAY, postTransfer } from '../../server/payments/ledger';
import type { Bill } from '../../server/payments/reconcile/bill';
import { chinaDayBounds } from '../../server/payments/reconcile/chinaDay';
import { compareBill } from '../../server/payments/reconcile/compare';
import { createPerson } from '../support/people';
import { testDatabase } from '../support/testDatabase';

// The day's edges (docs/decisions/070): a trade the provider took just before midnight and this
// site booked just after is in the day before's bill, which is fetched only then.

const DAY = '2026-11-27';
const { start } = chinaDayBounds(DAY);

describe("reconciliation at the day's edges (decision 070)", async () => {
  const database = await testDatabase();
  const { db } = database;
  const user = await createPerson(database, 'edge');

  /** An order paid through WeChat Pay, booked here at `at`. */
  async function paidAt(ref: string, at: number) {
    const order = await db
      .insertInto('orders')
      .values({
        ref,
        user_id: user.id,
        type: 'membership',
        identity: 'vip_monthly_manual',
        amount_cents: 7800,
        currency: 'CNY',
        status: 'paid',
        method: 'wechat',
        provider_ref: null,
        created_at: at,
        paid_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('wechatpay_orders')
      .values({
        order_id: order.id,
        out_trade_no: `${ref}N1`,
        trade_type: 'NATIVE',
        openid: null,
        prepay_id: null,
        code_url: 'weixin://x',
        amount_fen: 7800,
        currency: 'CNY',
        status: 'paid',
        transaction_id: `4200${ref}`,
        expires_at: at,
        queried_at: null,
        settled_at: at,
        created_at: at,
      })
      .execute();
    await db
      .transaction()
      .execute((trx) => postTransfer(trx, { from: PLATFORM_WECHATPAY, to: PLATFORM_CLEARING, amountCents: 7800, kind: 'wechatpay', ref, now: at }));
  }
  const bill = (...refs: string[]): Bill => ({
    lines: refs.map((ref) => ({ kind: 'payment', outTradeNo: `${ref}N1`, providerTradeNo: `4200${ref}`, outRefundNo: null, amountCents: 7800, fee: 46_800 })),
  });

  it('a trade booked just after midnight is looked for in the day before; one booked later is not', async () => {
    await paidAt('EDGE1', start + 2 * 60_000);
    await paidAt('MIDDAY1', start + 12 * 3600_000);
    let fetched = 0;
    const dayBefore = async () => {
      fetched += 1;
      return bill('EDGE1');
    };
    expect((await compareBill(db, 'wechat', DAY, bill('MIDDAY1'), dayBefore)).differences).toEqual([]);
    expect(fetched).toBe(1);

    const lost = await compareBill(db, 'wechat', DAY, bill('EDGE1'), dayBefore);
    expect(lost.differences).toEqual([{ kind: 'payment_not_in_bill', order: 'MIDDAY1', text: "paid 78.00 here (MIDDAY1N1): not in WeChat Pay's bill" }]);
  });

  it('a trade booked just after midnight in neither bill is reported', async () => {
    const result = await compareBill(db, 'wechat', DAY, bill('MIDDAY1'), async () => null);
    expect(result.differences).toEqual([{ kind: 'payment_not_in_bill', order: 'EDGE1', text: "paid 78.00 here (EDGE1N1): not in WeChat Pay's bill" }]);
    expect(result.payments).toEqual({ count: 1, cents: 7800 });
  });
});
