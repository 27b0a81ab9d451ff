import { billAmount as amount, type Bill, type BillLine } from './bill';
import { columnsOf, csvFields, csvLines } from './csv';

/**
 * WeChat Pay's trade bill (`GET /v3/bill/tradebill`, bill_type ALL), docs/decisions/070: a header
 * row, one row a payment (交易状态 SUCCESS) or a refund (REFUND), every field prefixed with a
 * backquote, then a summary header (总交易单数,…) and its row. Columns are found by their
 * names. Rows of other states (REVOKED) and refunds not yet SUCCESS are left out. Pure; throws
 * on a bill it cannot read.
 */
export function parseWechatTradeBill(text: string): Bill {
  const lines = csvLines(text);
  const header = csvFields(lines[0] ?? '').map(clean);
  const at = columnsOf(header, {
    transactionId: '微信订单号',
    outTradeNo: '商户订单号',
    state: '交易状态',
    settled: '应结订单金额',
    orderAmount: '订单金额',
    refundNo: '商户退款单号',
    refundAmount: '退款金额',
    refundState: '退款状态',
    fee: '手续费',
  });
  const out: BillLine[] = [];
  for (const line of lines.slice(1)) {
    const fields = backquoted(line);
    // The summary's header ends the rows.
    if (fields[0]?.startsWith('总')) break;
    const get = (column: number) => fields[column] ?? '';
    const state = get(at.state);
    const fee = amount(get(at.fee), 5, line);
    if (state === 'SUCCESS') {
      out.push({
        kind: 'payment',
        outTradeNo: get(at.outTradeNo),
        providerTradeNo: get(at.transactionId),
        outRefundNo: null,
        amountCents: Math.abs(amount(get(at.orderAmount), 2, line)),
        fee,
      });
    } else if (state === 'REFUND' && get(at.refundState) === 'SUCCESS') {
      out.push({
        kind: 'refund',
        outTradeNo: get(at.outTradeNo),
        providerTradeNo: get(at.transactionId),
        outRefundNo: get(at.refundNo),
        amountCents: Math.abs(amount(get(at.refundAmount), 2, line)),
        fee,
      });
    }
  }
  return { lines: out };
}

/** WeChat Pay's fund flow bill (`GET /v3/bill/fundflowbill`, account BASIC): what came in and went out of the account that day, in cents. */
export function parseWechatFundFlowBill(text: string): { entries: number; inCents: number; outCents: number } {
  const lines = csvLines(text);
  const header = csvFields(lines[0] ?? '').map(clean);
  const at = columnsOf(header, { direction: '收支类型', amount: '收支金额' });
  const totals = { entries: 0, inCents: 0, outCents: 0 };
  for (const line of lines.slice(1)) {
    const fields = backquoted(line);
    if (fields[0]?.startsWith('资金流水总笔数') || fields[0]?.startsWith('总')) break;
    const cents = Math.abs(amount(fields[at.amount] ?? '', 2, line));
    totals.entries += 1;
    if (fields[at.direction] === '收入') totals.inCents += cents;
    else totals.outCents += cents;
  }
  return totals;
}

/**
 * A row's fields: each starts with a backquote, and WeChat Pay quotes nothing, so a comma inside
 * one (a product name's) is told from a separator by the backquote that follows a separator.
 */
function backquoted(line: string): string[] {
  return line.trimStart().startsWith('`')
    ? line
        .trim()
        .slice(1)
        .split(',`')
        .map((field) => field.trim())
    : csvFields(line).map(clean);
}

/** A field without WeChat Pay's backquote (it keeps spreadsheets from reading numbers) and spaces. */
function clean(field: string): string {
  return field.trim().replace(/^`/, '').trim();
}
