import type { AppDeps } from '../../appDeps';
import type { Backend } from '../../backends/backend';
import { createMetrics, type AppMetrics } from '../../metrics/metrics';

/**
 * This process's metrics only with METRICS_TOKEN (docs/decisions/048): otherwise no timing at
 * all, and /metrics is an unknown page. They read the backend's render cache and database.
 */
export function metricsWhenAsked(
  deps: Pick<AppDeps, 'config' | 'workerId' | 'now'>,
  backend: Pick<Backend, 'renderCache' | 'database'>,
): AppMetrics | undefined {
  if (!deps.config.metricsToken) return undefined;
  return createMetrics({
    worker: deps.workerId ?? '0',
    renderCache: backend.renderCache,
    db: backend.database?.db,
    poolStats: backend.database?.poolStats,
    now: deps.now ?? Date.now,
  });
}
