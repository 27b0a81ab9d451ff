import type { Kysely } from 'kysely';
import { reconcileCommands } from '../../server/admin/reconcileCommands';
import type { DB } from '../../server/db/schema';
import type { Alipay } from '../../server/payments/alipay/alipay';
import { chinaDateOf } from '../../server/payments/reconcile/chinaDay';
import type { WechatPay } from '../../server/payments/wechatpay/wechatPay';

const DAY = 24 * 3600_000;

/** The stand-ins' bill clock in payment suites: two days on, so today's bills are made (docs/decisions/070). */
export const billsMade = () => Date.now() + 2 * DAY;

/** `npm run admin -- reconcile --date <today in China>`, run two days on, when the bills exist. */
export async function reconcileToday(deps: { db: Kysely<DB>; wechatPay?: WechatPay; alipay?: Alipay }): Promise<{ code: number; out: string }> {
  const command = reconcileCommands.reconcile;
  if (!command) throw new Error('no reconcile command');
  return command.run(['--date', chinaDateOf(Date.now())], { ...deps, now: billsMade });
}
