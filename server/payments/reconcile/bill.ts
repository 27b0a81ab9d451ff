/** A provider's daily bill as reconciliation reads it (docs/decisions/070). Pure. */

export type BillProvider = 'wechat' | 'alipay';

/** One payment or one refund of the day, as the provider booked it. */
export interface BillLine {
  kind: 'payment' | 'refund';
  /** Our out_trade_no (WeChat Pay's 商户订单号, Alipay's 商户订单号). */
  outTradeNo: string;
  /** The provider's own number of the trade (微信订单号, 支付宝交易号). */
  providerTradeNo: string;
  /** Our out_refund_no (商户退款单号, Alipay's 退款批次号/请求号); null for a payment. */
  outRefundNo: string | null;
  /** What was paid, or refunded, in cents: always positive. */
  amountCents: number;
  /** The provider's fee in FEE_UNITS: positive taken, negative given back with a refund. */
  fee: number;
}

export interface Bill {
  lines: BillLine[];
}

/** Fees are written with up to 5 decimals of a yuan (WeChat Pay's 0.00594): kept as whole 1/100000 yuan. */
export const FEE_UNITS_PER_YUAN = 100_000;

/** A bill's decimal amount ('0.01', '-9.90', '0.00594', '12') in 1/10^places of a yuan, or null when it is not one. */
export function decimalAmount(text: string, places: number): number | null {
  const match = /^(-?)(\d{1,12})(?:\.(\d{1,5}))?$/.exec(text.trim());
  if (!match) return null;
  const decimals = match[3] ?? '';
  if (decimals.length > places && !/^0*$/.test(decimals.slice(places))) return null;
  const value = Number(match[2]) * 10 ** places + Number(decimals.slice(0, places).padEnd(places, '0') || '0');
  return match[1] === '-' ? -value : value;
}

/** Fee units as yuan with five places: '0.05940'. */
export function formatFee(units: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  return `${sign}${Math.floor(abs / FEE_UNITS_PER_YUAN)}.${String(abs % FEE_UNITS_PER_YUAN).padStart(5, '0')}`;
}

/** A bill amount, or the bill is refused. */
export function billAmount(text: string, places: number, line: string): number {
  const value = decimalAmount(text, places);
  if (value === null) throw new Error(`the bill has an amount it cannot read (${text}) in: ${line.slice(0, 120)}`);
  return value;
}
