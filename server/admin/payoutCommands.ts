import { parseArgs } from 'node:util';
import { formatCents } from '../../shared/money';
import type { RefundAdminDeps } from './refundCommands';

interface Command {
  usage: string;
  run: (args: string[], deps: RefundAdminDeps) => Promise<string>;
}

/** The operator's payout command (docs/decisions/050), merged into `npm run admin`. */
export const payoutCommands: Readonly<Record<string, Command>> = {
  'retry-withdrawal': {
    usage: 'retry-withdrawal <id>   (asks WeChat Pay about a pending or processing withdrawal, and sends it again only if WeChat Pay does not have it)',
    async run(args, deps) {
      const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
      const [id] = positionals;
      if (!id || !/^[1-9]\d{0,9}$/.test(id) || positionals.length !== 1) throw new Error('retry-withdrawal needs one withdrawal id');
      if (!deps.wechatPay) throw new Error('WeChat Pay is not configured here: settle the withdrawal by hand with settle-withdrawal');
      const { row, step } = await deps.wechatPay.payouts.retry(Number(id));
      return `withdrawal ${row.id} (${formatCents(Number(row.amount_cents))} CNY, ${row.out_batch_no ?? ''}) is ${step}: ${row.note}`;
    },
  },
};
