import { billAmount, FEE_UNITS_PER_YUAN, type Bill, type BillLine } from './bill';
import { columnsOf, csvFields, csvLines } from './csv';

/**
 * Alipay's trade bill's details file (…_业务明细.csv in the zip of
 * alipay.data.dataservice.bill.downloadurl.query, bill_type trade), decoded from GBK already,
 * docs/decisions/070: comment lines start with '#', then the header row and one row a trade
 * (业务类型 交易) or a refund (退款, its amounts negative and its 退款批次号/请求号 our
 * out_request_no). Fields end with a tab. Pure; throws on a bill it cannot read.
 */
export function parseAlipayDetails(text: string): Bill {
  const lines = csvLines(text).filter((line) => !line.startsWith('#'));
  const header = csvFields(lines[0] ?? '').map((field) => field.trim());
  const at = columnsOf(header, {
    tradeNo: '支付宝交易号',
    outTradeNo: '商户订单号',
    type: '业务类型',
    amount: '订单金额',
    refundNo: '退款批次号',
    fee: '服务费',
  });
  const out: BillLine[] = [];
  for (const line of lines.slice(1)) {
    // Each field ends with a tab and nothing is quoted: a comma inside one (a subject's) is no separator.
    const fields = (line.includes('\t,') ? line.split('\t,') : csvFields(line)).map((field) => field.trim());
    const get = (column: number) => fields[column] ?? '';
    const type = get(at.type);
    if (type !== '交易' && type !== '退款') continue;
    const fee = get(at.fee) === '' ? 0 : (billAmount(get(at.fee), 2, line) * FEE_UNITS_PER_YUAN) / 100;
    const amountCents = Math.abs(billAmount(get(at.amount), 2, line));
    out.push(
      type === '交易'
        ? { kind: 'payment', outTradeNo: get(at.outTradeNo), providerTradeNo: get(at.tradeNo), outRefundNo: null, amountCents, fee: Math.abs(fee) }
        : { kind: 'refund', outTradeNo: get(at.outTradeNo), providerTradeNo: get(at.tradeNo), outRefundNo: get(at.refundNo), amountCents, fee: -Math.abs(fee) },
    );
  }
  return { lines: out };
}
