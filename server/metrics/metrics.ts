import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { pdfQueueStats } from '../pdf/pdfQueueStats';

export interface MetricsSources {
  /** This worker's id in cluster mode ('0' without a primary): a label on every series. */
  worker: string;
  renderCache?: { readonly counts: { readonly hits: number; readonly misses: number; readonly shared: number } };
  db?: Kysely<DB>;
  poolStats?: () => { total: number; idle: number; waiting: number };
  now: () => number;
}

export interface AppMetrics {
  registry: Registry;
  /** Response times by route, method and status class; its `_count` series are the request counts. */
  requests: Histogram<'route' | 'method' | 'code'>;
}

/**
 * This process's metrics (docs/decisions/048). Counters kept elsewhere as plain numbers (the
 * render cache's) and the database's state are read only when scraped.
 */
export function createMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ worker: sources.worker });
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request Express handled, by route (a page route id or an API route pattern), method and status class.',
    labelNames: ['route', 'method', 'code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { renderCache, db, poolStats, now } = sources;
  if (renderCache) {
    countFrom(registry, 'render_cache_hits_total', 'Pages answered from the render cache.', () => renderCache.counts.hits);
    countFrom(registry, 'render_cache_misses_total', 'Cacheable pages rendered because the cache did not hold them.', () => renderCache.counts.misses);
    countFrom(registry, 'render_cache_shared_total', "Signed-in readers' pages made from a cached page.", () => renderCache.counts.shared);
  }
  if (db) {
    new Gauge({
      name: 'pdf_queue_jobs',
      help: 'PDF exports waiting or being rendered, across the fleet.',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const stats = await pdfQueueStats(db, now());
        this.set({ status: 'pending' }, stats.pending);
        this.set({ status: 'processing' }, stats.processing);
      },
    });
  }
  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections',
      help: "PostgreSQL pool: connections open ('total'), idle, and queries waiting for one ('waiting').",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  return { registry, requests };
}

/** A counter whose value is a plain number kept by its owner, read at scrape time. */
function countFrom(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}
