import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * The newsletter (docs/decisions/072). `newsletter_subscriptions`: a reader's opt-in to mail
 * from one author they follow (unique per pair), the address and language it was made with, and
 * where it stands (pending its double opt-in, active, unsubscribed, bounced). `newsletter_sends`:
 * the mail queue every process shares, one row per article and subscription (unique: an address
 * gets an article at most once), claimed with a lease as the PDF queue's rows are (migration 024).
 * `site_secrets`: signing keys every machine of the fleet must share (the newsletter's links),
 * which a key file in one machine's DATA_DIR cannot be.
 */
export function newsletter(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_secrets')
        .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('secret', 'varchar(128)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await withIdColumn(db.schema.createTable('newsletter_subscriptions'), engine)
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reader_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('locale', 'varchar(8)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('confirmed_at', 'bigint')
        .addUniqueConstraint('newsletter_subscriptions_pair', ['author_id', 'reader_id'])
        .execute();
      await db.schema.createIndex('newsletter_subscriptions_author').on('newsletter_subscriptions').columns(['author_id', 'status']).execute();
      await db.schema.createIndex('newsletter_subscriptions_reader').on('newsletter_subscriptions').columns(['reader_id']).execute();
      await withIdColumn(db.schema.createTable('newsletter_sends'), engine)
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('subscription_id', 'integer', (c) => c.notNull().references('newsletter_subscriptions.id').onDelete('cascade'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_by', 'varchar(100)')
        .addColumn('claimed_at', 'bigint')
        .addColumn('error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addUniqueConstraint('newsletter_sends_once', ['article_id', 'subscription_id'])
        .execute();
      await db.schema.createIndex('newsletter_sends_due').on('newsletter_sends').columns(['status', 'next_at', 'id']).execute();
      await db.schema.createIndex('newsletter_sends_subscription').on('newsletter_sends').columns(['subscription_id', 'status']).execute();
    },
  };
}
