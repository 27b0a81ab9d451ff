import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

export function tracking(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let table = withIdColumn(db.schema.createTable('tracking_events'), engine);
      for (const field of ['cate', 'event', 'status', 'method', 'order_id', 'page', 'uid', 'sid']) {
        table = table.addColumn(field, 'varchar(100)', (c) => c.notNull().defaultTo(''));
      }
      await table
        .addColumn('msg', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('path', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tracking_events_created').on('tracking_events').columns(['created_at']).execute();
    },
  };
}
