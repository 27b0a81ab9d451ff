import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Bill } from '../reconcile/bill';
import type { ChinaDate } from '../reconcile/chinaDay';
import { parseWechatFundFlowBill, parseWechatTradeBill } from '../reconcile/wechatBill';
import { WechatPayUpstreamError, type WechatPayClient } from './client';

const billAnswer = z.object({ hash_type: z.string(), hash_value: z.string(), download_url: z.string() });

/** The fund flow bill's totals of a day, in cents. */
export interface FundFlow {
  entries: number;
  inCents: number;
  outCents: number;
}

/**
 * The day's trade bill (docs/decisions/070): `GET /v3/bill/tradebill?bill_date=&bill_type=ALL`,
 * then its download_url, the file checked against the SHA1 the answer gave. Null when WeChat Pay
 * has none (NO_STATEMENT_EXIST: no trade that day).
 */
export async function wechatTradeBill(client: WechatPayClient, date: ChinaDate): Promise<Bill | null> {
  const text = await billFile(client, `/v3/bill/tradebill?bill_date=${date}&bill_type=ALL`, date);
  return text === null ? null : parseWechatTradeBill(text);
}

/** The day's fund flow bill of the basic account (`GET /v3/bill/fundflowbill?account_type=BASIC`), checked the same way; null when there is none. */
export async function wechatFundFlow(client: WechatPayClient, date: ChinaDate): Promise<FundFlow | null> {
  const text = await billFile(client, `/v3/bill/fundflowbill?bill_date=${date}&account_type=BASIC`, date);
  return text === null ? null : parseWechatFundFlowBill(text);
}

async function billFile(client: WechatPayClient, pathAndQuery: string, date: ChinaDate): Promise<string | null> {
  let answer: unknown;
  try {
    answer = await client.call('GET', pathAndQuery);
  } catch (error) {
    if (error instanceof WechatPayUpstreamError && error.code === 'NO_STATEMENT_EXIST') return null;
    if (error instanceof WechatPayUpstreamError && error.code === 'STATEMENT_CREATING') {
      throw new WechatPayUpstreamError(
        `WeChat Pay's bill of ${date} is not made yet: it is from about 10:00 the next day, China time`,
        error.status,
        error.code,
      );
    }
    throw error;
  }
  const parsed = billAnswer.safeParse(answer);
  if (!parsed.success) throw new WechatPayUpstreamError("WeChat Pay's bill answer has an unexpected shape");
  const { hash_type: hashType, hash_value: hashValue, download_url: downloadUrl } = parsed.data;
  if (hashType.toUpperCase() !== 'SHA1') throw new WechatPayUpstreamError(`WeChat Pay's bill hash is ${hashType}, not SHA1`);
  const file = await client.download(downloadUrl);
  const got = createHash('sha1').update(file).digest();
  const expected = Buffer.from(hashValue.toLowerCase(), 'hex');
  if (expected.length !== got.length || !timingSafeEqual(expected, got)) {
    throw new WechatPayUpstreamError(`WeChat Pay's bill of ${date} does not match its SHA1 (${hashValue}): refused`);
  }
  return file.toString('utf8');
}
