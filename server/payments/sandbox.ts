import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { readOrCreateSecret } from '../dataDirSecret';
import type { Kysely } from 'kysely';
import { ApiError } from '../api/errors';
import { secretsEqual } from '../api/tokens';
import type { DB } from '../db/schema';
import { fulfilOrder } from './fulfil';

/** What the sandbox provider posts to /api/payments/callback/sandbox/. */
export interface SandboxCallback {
  order: string;
  status: 'paid' | 'failed';
  nonce: string;
  timestamp: number;
  signature: string;
}

/** A callback older (or newer) than this is refused even with a fresh nonce. */
export const CALLBACK_WINDOW_MS = 10 * 60 * 1000;

export function signCallback(secret: Buffer, c: Omit<SandboxCallback, 'signature'>): string {
  return createHmac('sha256', secret).update(`${c.order}\n${c.status}\n${c.nonce}\n${c.timestamp}`).digest('hex');
}

/** A signed callback, as the sandbox checkout page makes it. */
export function makeCallback(secret: Buffer, order: string, status: 'paid' | 'failed', now: number): SandboxCallback {
  const unsigned = { order, status, nonce: randomBytes(16).toString('hex'), timestamp: now };
  return { ...unsigned, signature: signCallback(secret, unsigned) };
}

/**
 * The one path a provider's word takes: signature, freshness, single-use nonce, then the
 * order paid (and delivered) once, or failed unless already paid. Returns the order status.
 */
export async function acceptSandboxCallback(db: Kysely<DB>, secret: Buffer, c: SandboxCallback, now: number): Promise<'paid' | 'failed'> {
  if (!secretsEqual(c.signature, signCallback(secret, c))) throw ApiError.detail(400, 'Invalid signature.');
  if (Math.abs(now - c.timestamp) > CALLBACK_WINDOW_MS) throw ApiError.detail(400, 'Callback expired.');
  try {
    return await db.transaction().execute(async (trx) => {
      const used = await trx.selectFrom('payment_callback_nonces').select('nonce').where('nonce', '=', c.nonce).executeTakeFirst();
      if (used) throw ApiError.detail(400, 'Callback already received.');
      await trx.insertInto('payment_callback_nonces').values({ nonce: c.nonce, created_at: now }).execute();
      const order = await trx.selectFrom('orders').selectAll().where('ref', '=', c.order).executeTakeFirst();
      if (!order) throw ApiError.detail(400, 'Unknown order.');
      if (c.status === 'paid') {
        await fulfilOrder(trx, order, order.method ?? 'sandbox', now);
        return 'paid';
      }
      if (order.status === 'paid') return 'paid';
      await trx.updateTable('orders').set({ status: 'failed' }).where('id', '=', order.id).where('status', '!=', 'paid').execute();
      return 'failed';
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Two deliveries of one nonce at once: the loser hits the primary key.
    const replay = await db.selectFrom('payment_callback_nonces').select('nonce').where('nonce', '=', c.nonce).executeTakeFirst();
    if (replay) throw ApiError.detail(400, 'Callback already received.');
    throw error;
  }
}

const secrets = new Map<string, Promise<Buffer>>();

/** The sandbox signing key: a random secret in DATA_DIR, shared by every app process. */
export function sandboxSecret(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, '.payments-sandbox-key');
  let secret = secrets.get(file);
  if (!secret) {
    secret = readOrCreateSecret(file);
    secrets.set(file, secret);
  }
  return secret;
}
