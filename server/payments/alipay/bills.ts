import type { Bill } from '../reconcile/bill';
import { parseAlipayDetails } from '../reconcile/alipayBill';
import type { ChinaDate } from '../reconcile/chinaDay';
import { unzip, type ZipEntry } from '../reconcile/unzip';
import { AlipayUpstreamError, type AlipayClient } from './client';

/**
 * The day's trade bill at Alipay (docs/decisions/070): the signed download URL query, then the
 * zip it points to, whose details file (…_业务明细.csv, GBK) is read; the summary file
 * (…_业务明细(汇总).csv) is not. Null when Alipay has no bill of that day.
 */
export async function alipayTradeBill(client: AlipayClient, date: ChinaDate, timeoutMs: number): Promise<Bill | null> {
  const url = await client.billDownloadUrl(date);
  if (url === null) return null;
  let archive: Buffer;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs * 4) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    archive = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    throw new AlipayUpstreamError(`Alipay's bill of ${date} could not be downloaded: ${error instanceof Error ? error.message : String(error)}`);
  }
  let details: ZipEntry | undefined;
  try {
    details = unzip(archive).find((entry) => entry.name.endsWith('_业务明细.csv'));
  } catch (error) {
    throw new AlipayUpstreamError(`Alipay's bill of ${date} is not a zip archive we can read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!details) throw new AlipayUpstreamError(`Alipay's bill of ${date} has no details file (…_业务明细.csv)`);
  return parseAlipayDetails(new TextDecoder('gbk').decode(details.data));
}
