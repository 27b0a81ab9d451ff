import type { Kysely, Migration } from 'kysely';

/**
 * Counts and leases every process of one database shares (docs/decisions/042). `rate_limits`:
 * one fixed window per limiter and client (`key` is the limiter's prefix and the client's key),
 * its hits and when it resets; expired rows are pruned by `reset_at`. `job_leases`: who runs a
 * periodic job until when, so one process of the fleet runs it at a time.
 */
export function rateLimits(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_reset').on('rate_limits').columns(['reset_at']).execute();
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('holder', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
