import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/** Phone codes of the SMS page: kept hashed, with their expiry, tries and who asked (docs/decisions/016). */
export function smsCodes(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('sms_codes'), engine)
        .addColumn('phone', 'varchar(16)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('address', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'created_at']).execute();
      await db.schema.createIndex('sms_codes_address').on('sms_codes').columns(['address', 'created_at']).execute();
    },
  };
}
