import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * Redeem codes, referral codes and referrals (docs/decisions/027). A code is stored
 * normalised (16 Crockford base32 characters, no dashes); it is spent by setting
 * used_by where it is still null, so only one of any number of parallel redeems wins.
 */
export function redeem(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('redeem_codes'), engine)
        .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('level', 'varchar(16)')
        .addColumn('months', 'integer')
        .addColumn('booklet_id', 'integer', (c) => c.references('booklets.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('used_at', 'bigint')
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('batch', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('reseller_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('redeem_codes_batch').on('redeem_codes').columns(['batch']).execute();
      await db.schema.createIndex('redeem_codes_used_by').on('redeem_codes').columns(['used_by']).execute();

      await withIdColumn(db.schema.createTable('referral_codes'), engine)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('referrals'), engine)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('referrer_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('referrer_code', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('referrals_referrer').on('referrals').columns(['referrer_user_id']).execute();
    },
  };
}
