import type { Config } from '../config';
import type { Logger } from '../logger';
import { ensureSearchIndex } from '../search/indexer';
import { migrate, openDatabase, type Database } from '../db/connection';
import { seedDemo } from './seed/demo';

/**
 * Opens the database and brings it up to date: migrations, the demo content into an empty
 * database (`SEED=demo`), the search index when it is missing or old. Done once per start, by
 * the one process or, with WEB_CONCURRENCY > 1, by the primary before it forks (docs/decisions/048).
 */
export async function openPreparedDatabase(config: Config, logger: Logger): Promise<Database> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
  if (config.seed === 'demo' && (await seedDemo(database.db, Date.now))) {
    logger.info('loaded the demo content into the empty database');
  }
  // A database from before search (migration 021), or an index of an older format: built now (docs/decisions/038).
  const indexed = await ensureSearchIndex(database.db);
  if (indexed !== null) logger.info({ documents: indexed }, 'built the search index');
  return database;
}
