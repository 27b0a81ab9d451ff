import type { RequestHandler } from 'express';
import type { HealthReport } from '../../health';
import { bearerTokenCheck } from './bearerToken';

/**
 * GET /healthz: 200 `{"status":"ok"}` or 503 `{"status":"unavailable"}` for anyone (a balancer),
 * and what each check found (the database, the PDF queue, the media store with its own detail,
 * which may name a directory or a bucket) only with `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function healthEndpoint(health: () => Promise<HealthReport>, metricsToken: string | undefined): RequestHandler {
  const authorised = metricsToken ? bearerTokenCheck(metricsToken) : () => false;
  return async (req, res) => {
    const report = await health();
    res
      .status(report.ok ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(authorised(req) ? report.body : { status: report.ok ? 'ok' : 'unavailable' });
  };
}
