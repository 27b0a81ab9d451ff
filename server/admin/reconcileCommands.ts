import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Alipay } from '../payments/alipay/alipay';
import { chinaDateOf, chinaYesterday, isChinaDate } from '../payments/reconcile/chinaDay';
import { reconcileDay } from '../payments/reconcile/reconcile';
import { formatReport } from '../payments/reconcile/report';
import type { WechatPay } from '../payments/wechatpay/wechatPay';

interface ReconcileAdminDeps {
  db: Kysely<DB>;
  now: () => number;
  wechatPay?: WechatPay | undefined;
  alipay?: Alipay | undefined;
}

interface Command {
  usage: string;
  run: (args: string[], deps: ReconcileAdminDeps) => Promise<{ code: number; out: string }>;
}

/** The operator's reconciliation (docs/decisions/070), merged into `npm run admin`. */
export const reconcileCommands: Readonly<Record<string, Command>> = {
  reconcile: {
    usage: "reconcile [--date YYYY-MM-DD]   (the providers' bills of a China day against the books; yesterday by default; exit 1 on any difference)",
    async run(args, deps) {
      const { values } = parseArgs({ args, options: { date: { type: 'string' } } });
      const today = chinaDateOf(deps.now());
      const date = values.date ?? chinaYesterday(deps.now());
      if (!isChinaDate(date)) throw new Error(`--date takes a day as YYYY-MM-DD, not ${date}`);
      if (date >= today)
        throw new Error(`the bills of ${date} are not made yet: a day's bill comes about 10:00 the next day, China time (today there is ${today})`);
      const report = await reconcileDay(deps, date);
      return { code: report.differences > 0 || report.failed > 0 ? 1 : 0, out: formatReport(report) };
    },
  },
};
