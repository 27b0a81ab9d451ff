import { isIP } from 'node:net';
import type { Request } from 'express';
import { callerAddress } from '../caller';

/**
 * The payer's own address for WeChat Pay's H5 pay (`scene_info.payer_client_ip`, docs/decisions/069):
 * the reader behind the trusted proxy, as every other per-reader rule reads it (server/api/caller.ts),
 * an IPv4 address mapped into IPv6 written as IPv4. WeChat's cashier opens only for that address.
 * Null when the request has none that parses.
 */
export function payerAddress(req: Request): string | null {
  const address = callerAddress(req);
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  return isIP(plain) === 0 ? null : plain;
}
