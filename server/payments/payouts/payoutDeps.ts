import type { Kysely } from 'kysely';
import type { DB, TransferApi } from '../../db/schema';
import type { Logger } from '../../logger';
import type { WechatPayClient } from '../wechatpay/client';

/** What the payout steps work with (docs/decisions/050, 064). */
export interface PayoutDeps {
  db: Kysely<DB>;
  /** The business clock: claims, paid_at, the ledger's times (tests move it). */
  now: () => number;
  logger: Logger;
  client: WechatPayClient;
  /** WeChat Pay's AppID: the open ids paid are this app's. */
  appId: string;
  /** The merchant id: a bill another merchant's is not ours; the payee's confirmation names it. */
  mchid: string;
  /** The API new withdrawals are sent through (WECHATPAY_TRANSFER_API, docs/decisions/064); a sent one stays on its own. */
  api: TransferApi;
  /** Where WeChat Pay posts a transfer bill's outcome. */
  notifyUrl: string;
  /** What the payee reads in WeChat beside the money. */
  siteName: string;
  /**
   * How long a send or a query holds a withdrawal: no other send or query of it starts meanwhile
   * (WeChat Pay asks not to send and query one transfer at once). Longer than one call may take.
   */
  claimMs: number;
}
