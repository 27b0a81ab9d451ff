import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { readOrCreateSecret } from '../dataDirSecret';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { DomainError } from '../domain/DomainError';
import { secretsEqual } from '../security/secrets';
import { fulfilOrder } from './fulfil';
import { lockOrder } from './lockOrder';

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
  if (!secretsEqual(c.signature, signCallback(secret, c))) throw new DomainError('invalid', 'Invalid signature.');
  if (Math.abs(now - c.timestamp) > CALLBACK_WINDOW_MS) throw new DomainError('invalid', 'Callback expired.');
  try {
    return await db.transaction().execute(async (trx) => {
      const used = await trx.selectFrom('payment_callback_nonces').select('nonce').where('nonce', '=', c.nonce).executeTakeFirst();
      if (used) throw new DomainError('invalid', 'Callback already received.');
      await trx.insertInto('payment_callback_nonces').values({ nonce: c.nonce, created_at: now }).execute();
      const found = await trx.selectFrom('orders').select('id').where('ref', '=', c.order).executeTakeFirst();
      if (!found) throw new DomainError('invalid', 'Unknown order.');
      // Locked as every payment path locks it (server/payments/lockOrder.ts); the sandbox moves no money.
      const order = await lockOrder(trx, found.id);
      if (c.status === 'paid') {
        await fulfilOrder(trx, order, order.method ?? 'sandbox', now);
        return 'paid';
      }
      if (order.status === 'paid' || order.status === 'refunded') return 'paid';
      await trx.updateTable('orders').set({ status: 'failed' }).where('id', '=', order.id).where('status', 'not in', ['paid', 'refunded']).execute();
      return 'failed';
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // Two deliveries of one nonce at once: the loser hits the primary key.
    const replay = await db.selectFrom('payment_callback_nonces').select('nonce').where('nonce', '=', c.nonce).executeTakeFirst();
    if (replay) throw new DomainError('invalid', 'Callback already received.');
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
