import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Alipay } from '../alipay/alipay';
import { alipayTradeBill } from '../alipay/bills';
import { wechatFundFlow, wechatTradeBill, type FundFlow } from '../wechatpay/bills';
import type { WechatPay } from '../wechatpay/wechatPay';
import type { Bill, BillProvider } from './bill';
import { addChinaDays, type ChinaDate } from './chinaDay';
import { compareBill, type Comparison } from './compare';

export interface ReconcileDeps {
  db: Kysely<DB>;
  /** The providers as configured: each is reconciled, the others are left out. */
  wechatPay?: WechatPay | undefined;
  alipay?: Alipay | undefined;
}

/** One provider's day: its bill compared (none is a day without trades there), or why it could not be. */
export interface ProviderReport {
  provider: BillProvider;
  /** 'no_bill': the provider has none of that day, so every trade here that day is a difference. */
  outcome: 'checked' | 'no_bill' | 'failed';
  error: string | null;
  comparison: Comparison | null;
  /** WeChat Pay's fund flow bill's totals (reported, not compared), or why it could not be had; null for Alipay or without one. */
  fundFlow: FundFlow | { error: string } | null;
}

export interface ReconcileReport {
  date: ChinaDate;
  providers: ProviderReport[];
  /** Differences found, in all. */
  differences: number;
  /** Providers whose bill could not be fetched or read. */
  failed: number;
}

const EMPTY: Bill = { lines: [] };

/**
 * Reconciles a China day (docs/decisions/070): each configured provider's trade bill downloaded
 * (WeChat Pay's checked against its SHA1, Alipay's zip read) and compared with the books
 * (./compare.ts). A provider that fails is reported and the other still checked.
 */
export async function reconcileDay(deps: ReconcileDeps, date: ChinaDate): Promise<ReconcileReport> {
  const providers: ProviderReport[] = [];
  const { wechatPay, alipay } = deps;
  if (wechatPay) {
    const client = wechatPay.client;
    providers.push(
      await reconcileOne(
        deps.db,
        'wechat',
        date,
        (day) => wechatTradeBill(client, day),
        () => wechatFundFlow(client, date),
      ),
    );
  }
  if (alipay) {
    const client = alipay.client;
    providers.push(
      await reconcileOne(
        deps.db,
        'alipay',
        date,
        (day) => alipayTradeBill(client, day, 15_000),
        () => Promise.resolve(null),
      ),
    );
  }
  return {
    date,
    providers,
    differences: providers.reduce((n, p) => n + (p.comparison?.differences.length ?? 0), 0),
    failed: providers.filter((p) => p.outcome === 'failed').length,
  };
}

async function reconcileOne(
  db: Kysely<DB>,
  provider: BillProvider,
  date: ChinaDate,
  billOf: (day: ChinaDate) => Promise<Bill | null>,
  fundFlowOf: () => Promise<FundFlow | null>,
): Promise<ProviderReport> {
  try {
    const bill = await billOf(date);
    // The day before's bill only for a trade paid here just after midnight; unreadable, it is as if absent.
    const dayBefore = () => billOf(addChinaDays(date, -1)).catch(() => null);
    const comparison = await compareBill(db, provider, date, bill ?? EMPTY, dayBefore);
    // Only reported: when it cannot be had, the comparison still stands.
    const fundFlow = bill ? await fundFlowOf().catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) })) : null;
    return { provider, outcome: bill ? 'checked' : 'no_bill', error: null, comparison, fundFlow };
  } catch (error) {
    return { provider, outcome: 'failed', error: error instanceof Error ? error.message : String(error), comparison: null, fundFlow: null };
  }
}
