import type { Kysely, Migration } from 'kysely';

/**
 * The PDF export queue lives in pdf_exports, shared by every process on the database
 * (docs/decisions/043): a claim names its worker and when it was taken (its lease), and
 * `attempts` counts claims, so a job whose renderer died is taken again, but not forever.
 * Rows claimed before this migration keep claimed_at null: the old restart rule fails them.
 */
export function pdfQueue(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      await db.schema.alterTable('pdf_exports').addColumn('claimed_by', 'varchar(100)').execute();
      await db.schema.alterTable('pdf_exports').addColumn('claimed_at', 'bigint').execute();
      await db.schema
        .alterTable('pdf_exports')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
