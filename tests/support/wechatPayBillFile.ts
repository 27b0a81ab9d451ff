/**
 * WeChat Pay's bill files as the stand-in (./wechatPayStandIn.ts) writes them from its own record,
 * in the documented layout (docs/decisions/070): a header row, one row a payment or a refund with
 * every field prefixed by a backquote, then the summary's header and row. Fees at 0.6%.
 */

export interface BillPayment {
  time: number;
  appid: string;
  mchid: string;
  transactionId: string;
  outTradeNo: string;
  openid: string;
  tradeType: string;
  total: number;
  description: string;
  attach: string;
}

export interface BillRefund extends BillPayment {
  refundId: string;
  outRefundNo: string;
  refund: number;
}

const TRADE_HEADER =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
const TRADE_SUMMARY = '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额';
const FUND_HEADER = '记账时间,微信支付业务单号,资金流水单号,业务名称,业务类型,收支类型,收支金额（元）,账户结余（元）,资金变更提交申请人,备注,业务凭证号';
const FUND_SUMMARY = '资金流水总笔数,收入笔数,收入金额,支出笔数,支出金额';

const yuan = (fen: number) => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
/** 0.6% of the amount in yuan with five places, as the bill writes fees. */
const fee = (fen: number) => {
  const units = fen * 6;
  return `${units < 0 ? '-' : ''}${Math.floor(Math.abs(units) / 100_000)}.${String(Math.abs(units) % 100_000).padStart(5, '0')}`;
};
export const chinaText = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const row = (fields: string[]) => fields.map((f) => `\`${f}`).join(',');

/** The trade bill (bill_type ALL) of these payments and refunds. */
export function tradeBill(payments: BillPayment[], refunds: BillRefund[]): string {
  const rows = [
    ...payments.map((p) =>
      row([
        chinaText(p.time),
        p.appid,
        p.mchid,
        '0',
        '',
        p.transactionId,
        p.outTradeNo,
        p.openid,
        p.tradeType,
        'SUCCESS',
        'OTHERS',
        'CNY',
        yuan(p.total),
        '0.00',
        '0',
        '0',
        '0.00',
        '0.00',
        '',
        '',
        p.description,
        p.attach,
        fee(p.total),
        '0.60%',
        yuan(p.total),
        '0.00',
        '',
      ]),
    ),
    ...refunds.map((r) =>
      row([
        chinaText(r.time),
        r.appid,
        r.mchid,
        '0',
        '',
        r.transactionId,
        r.outTradeNo,
        r.openid,
        r.tradeType,
        'REFUND',
        'OTHERS',
        'CNY',
        '0.00',
        '0.00',
        r.refundId,
        r.outRefundNo,
        yuan(r.refund),
        '0.00',
        'ORIGINAL',
        'SUCCESS',
        r.description,
        r.attach,
        fee(-r.refund),
        '0.60%',
        yuan(r.total),
        yuan(r.refund),
        '',
      ]),
    ),
  ];
  const paid = payments.reduce((s, p) => s + p.total, 0);
  const refunded = refunds.reduce((s, r) => s + r.refund, 0);
  const summary = row([String(rows.length), yuan(paid), yuan(refunded), '0.00', fee(paid - refunded), yuan(paid), yuan(refunded)]);
  return `${[TRADE_HEADER, ...rows, TRADE_SUMMARY, summary].join('\r\n')}\r\n`;
}

/** The fund flow bill of the basic account: each payment in, each refund out. */
export function fundFlowBill(payments: BillPayment[], refunds: BillRefund[]): string {
  let balance = 0;
  const rows = [
    ...payments.map((p) => {
      balance += p.total;
      return row([chinaText(p.time), p.transactionId, `FL${p.transactionId}`, '交易', '交易', '收入', yuan(p.total), yuan(balance), p.mchid, '', p.outTradeNo]);
    }),
    ...refunds.map((r) => {
      balance -= r.refund;
      return row([chinaText(r.time), r.refundId, `FL${r.refundId}`, '退款', '退款', '支出', yuan(r.refund), yuan(balance), r.mchid, '', r.outRefundNo]);
    }),
  ];
  const inFen = payments.reduce((s, p) => s + p.total, 0);
  const outFen = refunds.reduce((s, r) => s + r.refund, 0);
  const summary = row([String(rows.length), String(payments.length), yuan(inFen), String(refunds.length), yuan(outFen)]);
  return `${[FUND_HEADER, ...rows, FUND_SUMMARY, summary].join('\r\n')}\r\n`;
}
