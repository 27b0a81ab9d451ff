import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** Where a payment path stands when it is paused: its order locked and checked, no money moved yet. */
export interface PausedPayment {
  path: 'wallet' | 'wechatpay' | 'alipay' | 'sandbox';
  /** The order's ref. */
  order: string;
  /** The payment's transaction, still open. */
  trx: Transaction<DB>;
}

/**
 * A test seam: awaited at that point of every payment path, so a test can hold one payment
 * there while another of the same order runs (tests/http/onePayment.test.ts). Nothing passes
 * one outside tests.
 */
export type PaymentPause = (at: PausedPayment) => Promise<void>;
