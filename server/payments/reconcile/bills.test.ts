import { describe, expect, it } from 'vitest';
import { alipayBillZip } from '../../../tests/support/alipayBillFile';
import { parseAlipayDetails } from './alipayBill';
import { decimalAmount, formatFee } from './bill';
import { addChinaDays, chinaDateOf, chinaDayBounds, chinaTimeOfDay, chinaYesterday, isChinaDate } from './chinaDay';
import { unzip } from './unzip';
import { parseWechatFundFlowBill, parseWechatTradeBill } from './wechatBill';

// The providers' bills as reconciliation reads them (docs/decisions/070).

const WECHAT_BILL = [
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注',
  '`2026-11-27 10:00:00,`wx81be3101902f7cb2,`1900000109,`0,`,`4200000925202611274997714292,`ORD1N0001,`ofyak5q,`NATIVE,`SUCCESS,`OTHERS,`CNY,`78.00,`0.00,`0,`0,`0.00,`0.00,`,`,`Zine – VIP, one month,`ORD1,`0.46800,`0.60%,`78.00,`0.00,`',
  '`2026-11-27 11:00:00,`wx81be3101902f7cb2,`1900000109,`0,`,`4200000925202611274997714293,`ORD2N0001,`ofyak5q,`JSAPI,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`50300807092026112705990201735,`ORD2_R,`78.00,`0.00,`ORIGINAL,`SUCCESS,`Zine,`ORD2,`-0.46800,`0.60%,`78.00,`78.00,`',
  '`2026-11-27 12:00:00,`wx81be3101902f7cb2,`1900000109,`0,`,`4200000925202611274997714294,`ORD3N0001,`ofyak5q,`JSAPI,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`50300807092026112705990201736,`ORD3_R,`78.00,`0.00,`ORIGINAL,`PROCESSING,`Zine,`ORD3,`0.00000,`0.60%,`78.00,`78.00,`',
  '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
  '`3,`78.00,`156.00,`0.00,`0.00000,`234.00,`156.00',
].join('\r\n');

describe('the China day', () => {
  it('is cut at midnight UTC+8 whatever the server zone', () => {
    expect(chinaDayBounds('2026-11-27')).toEqual({ start: Date.parse('2026-11-26T16:00:00Z'), end: Date.parse('2026-11-27T16:00:00Z') });
    expect(chinaDateOf(Date.parse('2026-11-27T15:59:59Z'))).toBe('2026-11-27');
    expect(chinaDateOf(Date.parse('2026-11-27T16:00:00Z'))).toBe('2026-11-28');
    expect(chinaYesterday(Date.parse('2026-11-27T16:30:00Z'))).toBe('2026-11-27');
    expect(chinaTimeOfDay(Date.parse('2026-11-27T03:00:00Z'))).toBe(11 * 3600_000);
    expect(addChinaDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isChinaDate('2026-02-30')).toBe(false);
    expect(isChinaDate('2026-2-3')).toBe(false);
  });
});

describe('bill amounts', () => {
  it('are read exactly, fees to 1/100000 of a yuan', () => {
    expect(decimalAmount('78.00', 2)).toBe(7800);
    expect(decimalAmount('-9.9', 2)).toBe(-990);
    expect(decimalAmount('0.46800', 5)).toBe(46_800);
    expect(decimalAmount('1.230', 2)).toBe(123);
    expect(decimalAmount('1.234', 2)).toBeNull();
    expect(decimalAmount('1e3', 2)).toBeNull();
    expect(formatFee(-46_800)).toBe('-0.46800');
  });
});

describe("WeChat Pay's trade bill", () => {
  it('gives payments and succeeded refunds, a comma in a product name kept in its field', () => {
    expect(parseWechatTradeBill(WECHAT_BILL).lines).toEqual([
      { kind: 'payment', outTradeNo: 'ORD1N0001', providerTradeNo: '4200000925202611274997714292', outRefundNo: null, amountCents: 7800, fee: 46_800 },
      { kind: 'refund', outTradeNo: 'ORD2N0001', providerTradeNo: '4200000925202611274997714293', outRefundNo: 'ORD2_R', amountCents: 7800, fee: -46_800 },
    ]);
  });

  it('refuses a bill without the columns it needs, or with an amount it cannot read', () => {
    expect(() => parseWechatTradeBill('交易时间,微信订单号\r\n`x,`y')).toThrow('the bill has no column 商户订单号');
    expect(() => parseWechatTradeBill(WECHAT_BILL.replace('`0.46800,', '`0.4x800,'))).toThrow('cannot read');
  });

  it('the fund flow bill gives what came in and went out', () => {
    const fund = [
      '记账时间,微信支付业务单号,资金流水单号,业务名称,业务类型,收支类型,收支金额（元）,账户结余（元）,资金变更提交申请人,备注,业务凭证号',
      '`2026-11-27 10:00:00,`4200,`FL1,`交易,`交易,`收入,`78.00,`78.00,`1900000109,`,`ORD1N0001',
      '`2026-11-27 11:00:00,`5030,`FL2,`退款,`退款,`支出,`78.00,`0.00,`1900000109,`,`ORD2_R',
      '资金流水总笔数,收入笔数,收入金额,支出笔数,支出金额',
      '`2,`1,`78.00,`1,`78.00',
    ].join('\r\n');
    expect(parseWechatFundFlowBill(fund)).toEqual({ entries: 2, inCents: 7800, outCents: 7800 });
  });
});

describe("Alipay's trade bill", () => {
  const zip = alipayBillZip(
    '2088000000000001',
    '2026-11-27',
    [
      {
        tradeNo: '2026112722001',
        outTradeNo: 'ORD1P0001',
        subject: 'Zine – VIP, one month',
        created: '2026-11-27 10:00:00',
        done: '2026-11-27 10:00:05',
        cents: 7800,
      },
    ],
    [
      {
        tradeNo: '2026112722002',
        outTradeNo: 'ORD2P0001',
        subject: 'Zine',
        created: '2026-11-27 11:00:00',
        done: '2026-11-27 12:00:00',
        cents: 7800,
        outRequestNo: 'ORD2_R',
        refundCents: 7800,
      },
    ],
  );

  it('is a zip of GBK files whose details file gives trades and refunds', () => {
    const files = unzip(zip);
    expect(files.map((f) => f.name)).toEqual(['20880000000000010156_20261127_业务明细.csv', '20880000000000010156_20261127_业务明细(汇总).csv']);
    const details = files.find((f) => f.name.endsWith('_业务明细.csv'));
    expect(parseAlipayDetails(new TextDecoder('gbk').decode(details?.data)).lines).toEqual([
      { kind: 'payment', outTradeNo: 'ORD1P0001', providerTradeNo: '2026112722001', outRefundNo: null, amountCents: 7800, fee: 47_000 },
      { kind: 'refund', outTradeNo: 'ORD2P0001', providerTradeNo: '2026112722002', outRefundNo: 'ORD2_R', amountCents: 7800, fee: -47_000 },
    ]);
  });

  it('a damaged archive is refused', () => {
    const damaged = Buffer.from(zip);
    // A byte of the first file's deflated data.
    const at = 30 + damaged.readUInt16LE(26) + 5;
    damaged[at] = (damaged[at] ?? 0) ^ 0xff;
    expect(() => unzip(damaged)).toThrow(/zip/);
    expect(() => unzip(Buffer.from('not a zip at all, just some text of some length'))).toThrow(/^zip: /);
    expect(() => unzip(zip.subarray(0, zip.length - 40))).toThrow(/^zip: /);
  });
});
