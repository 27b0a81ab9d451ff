import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Engine } from '../engine';

/**
 * Subscriptions sold as periods with renewal reminders (docs/decisions/051). `subscriptions`: a
 * member's one subscription, the product it renews (`identity`, a membership product key) and
 * whether renewal is on. `subscription_reminders`: the reminder sent for one period, by the
 * membership expiry it was about, so each period is reminded at most once (unique), with the
 * notification it wrote (kept when the notification is pruned, so the period is not reminded again).
 */
export function subscriptions(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('subscriptions'), engine)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('identity', 'varchar(40)', (c) => c.notNull())
        .addColumn('renewal', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('subscriptions_renewal').on('subscriptions').columns(['renewal', 'user_id']).execute();
      await withIdColumn(db.schema.createTable('subscription_reminders'), engine)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('identity', 'varchar(40)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('subscription_reminders_period', ['user_id', 'expires_at'])
        .execute();
      await db.schema.createIndex('subscription_reminders_notification').on('subscription_reminders').columns(['notification_id']).execute();
    },
  };
}
