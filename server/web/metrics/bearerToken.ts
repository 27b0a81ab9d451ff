import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

/**
 * Whether a request carries `Authorization: Bearer <token>` (METRICS_TOKEN: /metrics, and the
 * details of /healthz). Compared as digests, so neither the length nor the content leaks through timing.
 */
export function bearerTokenCheck(token: string): (req: Request) => boolean {
  const expected = digest(token);
  return (req) => {
    const given = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
