import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Alipay's trade bill as the stand-in (./alipayStandIn.ts) hands it out (docs/decisions/070): a zip
 * of two GBK CSV files, the details (…_业务明细.csv: '#' comment lines, the header, one row a
 * trade or a refund, fields ending in a tab) and the summary (…_业务明细(汇总).csv), their names
 * in GBK as Alipay writes them. Service fees at 0.6%.
 */

export interface AlipayBillTrade {
  tradeNo: string;
  outTradeNo: string;
  subject: string;
  /** yyyy-MM-dd HH:mm:ss, China time. */
  created: string;
  done: string;
  cents: number;
}

export interface AlipayBillRefund extends AlipayBillTrade {
  outRequestNo: string;
  refundCents: number;
}

const HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';

const yuan = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const fee = (cents: number) => Math.round(cents * 0.006);
const row = (fields: string[]) => fields.map((f) => `${f}\t`).join(',');

/** The zip Alipay's bill_download_url answers for the day (yyyy-MM-dd) of these trades and refunds. */
export function alipayBillZip(pid: string, date: string, trades: AlipayBillTrade[], refunds: AlipayBillRefund[]): Buffer {
  const [y, m, d] = date.split('-');
  const details = [
    '#支付宝业务明细查询',
    `#账号：[${pid}0156]`,
    `#起始日期：[${y}年${m}月${d}日 00:00:00]   终止日期：[${y}年${m}月${d}日 23:59:59]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    HEADER,
    ...trades.map((t) =>
      row([
        t.tradeNo,
        t.outTradeNo,
        '交易',
        t.subject,
        t.created,
        t.done,
        '',
        '',
        '',
        '',
        'pay***@example.com',
        yuan(t.cents),
        yuan(t.cents),
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '',
        '0.00',
        '0.00',
        '',
        yuan(-fee(t.cents)),
        '0.00',
        '',
      ]),
    ),
    ...refunds.map((r) =>
      row([
        r.tradeNo,
        r.outTradeNo,
        '退款',
        r.subject,
        r.created,
        r.done,
        '',
        '',
        '',
        '',
        'pay***@example.com',
        yuan(-r.refundCents),
        yuan(-r.refundCents),
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '',
        '0.00',
        '0.00',
        r.outRequestNo,
        yuan(fee(r.refundCents)),
        '0.00',
        '',
      ]),
    ),
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${trades.length}笔，商家实收共${yuan(trades.reduce((s, t) => s + t.cents, 0))}元`,
    `#退款合计：${refunds.length}笔，商家实收退款共${yuan(-refunds.reduce((s, r) => s + r.refundCents, 0))}元`,
    `#导出时间：[${y}年${m}月${d}日 23:59:59]`,
  ].join('\r\n');
  const summary = [
    '#支付宝业务汇总查询',
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）',
    `合计,,${trades.length},${refunds.length},${yuan(trades.reduce((s, t) => s + t.cents, 0))}`,
  ].join('\r\n');
  const stem = `${pid}0156_${date.replaceAll('-', '')}`;
  return zip([
    { name: gbk(`${stem}_业务明细.csv`), data: gbk(details) },
    { name: gbk(`${stem}_业务明细(汇总).csv`), data: gbk(summary) },
  ]);
}

let gbkCodes: Map<string, number> | undefined;

/** Text in GBK: the code table read back from the platform's GBK decoder. */
export function gbk(text: string): Buffer {
  if (!gbkCodes) {
    const decoder = new TextDecoder('gbk');
    gbkCodes = new Map();
    for (let lead = 0x81; lead <= 0xfe; lead += 1) {
      for (let trail = 0x40; trail <= 0xfe; trail += 1) {
        const char = decoder.decode(Uint8Array.of(lead, trail));
        if (char.length === 1 && char !== '\uFFFD' && !gbkCodes.has(char)) gbkCodes.set(char, (lead << 8) | trail);
      }
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const double = gbkCodes.get(char);
    if (code < 0x80) bytes.push(code);
    else if (double !== undefined) bytes.push(double >> 8, double & 0xff);
    else throw new Error(`no GBK code for ${char}`);
  }
  return Buffer.from(bytes);
}

/** A zip archive of deflated files (names as given, no UTF-8 flag). */
function zip(files: { name: Buffer; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of files) {
    const packed = deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
