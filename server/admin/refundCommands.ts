import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { formatCents } from '../../shared/money';
import type { DB } from '../db/schema';
import { createLogger, type Logger } from '../logger';
import type { Alipay } from '../payments/alipay/alipay';
import { refundOrder } from '../payments/refunds/refundOrder';
import type { WechatPay } from '../payments/wechatpay/wechatPay';

export interface RefundAdminDeps {
  db: Kysely<DB>;
  now: () => number;
  logger?: Logger;
  wechatPay?: WechatPay | undefined;
  alipay?: Alipay | undefined;
}

interface Command {
  usage: string;
  run: (args: string[], deps: RefundAdminDeps) => Promise<string>;
}

/** The operator's refund command (docs/decisions/049), merged into `npm run admin`. */
export const refundCommands: Readonly<Record<string, Command>> = {
  refund: {
    usage: 'refund <order ref or id> [--reason "shown to the payer by the provider, 80 characters at most"]',
    async run(args, deps) {
      const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { reason: { type: 'string' } } });
      const [key] = positionals;
      if (!key || positionals.length !== 1) throw new Error('refund needs one order ref or id');
      const reason = values.reason?.trim() ?? '';
      if (reason.length > 80) throw new Error('--reason takes 80 characters at most');
      const result = await refundOrder({ ...deps, logger: deps.logger ?? createLogger({ logLevel: 'warn' }) }, key, reason || null);
      const what = `refund ${result.refund.out_refund_no} of order ${result.order.ref} (${formatCents(Number(result.refund.amount_cents))} ${result.refund.currency}, ${result.refund.provider})`;
      switch (result.outcome) {
        case 'already':
          return `${what} was done already; nothing changed`;
        case 'succeeded':
          return `${what} succeeded: the order is refunded`;
        case 'pending':
          return `${what} is pending: ${result.note ?? 'waiting for the provider'}; the order stays paid until it succeeds`;
        case 'failed':
          throw new Error(`${what} failed: ${result.note ?? result.refund.failure ?? 'refused'}; the order stays paid`);
      }
    },
  },
};
