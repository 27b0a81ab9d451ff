import type { Kysely } from 'kysely';
import { RENEWAL_REMINDER_DAYS } from '../../../shared/subscriptions';
import type { DB } from '../../db/schema';

const DAY_MS = 24 * 3600 * 1000;
/** How far ahead of a period's end the reminder goes (decision 051). */
export const RENEWAL_REMINDER_MS = RENEWAL_REMINDER_DAYS * DAY_MS;
/** Reminders written per sweep at most; the next sweep takes the rest. */
const BATCH = 500;

/** A reminder's notification, committed: whom it is for and its row. */
export interface RenewalNotified {
  recipientId: number;
  notificationId: number;
}

export interface RenewalReminderDeps {
  db: Kysely<DB>;
  now: () => number;
  /** Tells the live bells after the commit (the notification bus, decision 046); without it, the bell sees it on its next read. */
  announce?: (notified: RenewalNotified) => void;
}

/**
 * Sends each subscriber with renewal on whose membership ends within RENEWAL_REMINDER_DAYS one
 * in-site notification for that period (decision 051): a `subscription_reminders` row per member
 * and expiry keeps it to one, also when sweeps overlap. Answers how many it sent.
 */
export async function sendRenewalReminders(deps: RenewalReminderDeps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .select(['subscriptions.user_id', 'subscriptions.identity', 'users.membership_expires_at'])
    .where('subscriptions.renewal', '=', 1)
    .where('users.status', 'not in', ['banned', 'inactive'])
    .where('users.membership_tier', 'is not', null)
    .where('users.membership_expires_at', '>', now)
    .where('users.membership_expires_at', '<=', now + RENEWAL_REMINDER_MS)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('subscription_reminders')
            .select('subscription_reminders.id')
            .whereRef('subscription_reminders.user_id', '=', 'subscriptions.user_id')
            .whereRef('subscription_reminders.expires_at', '=', 'users.membership_expires_at'),
        ),
      ),
    )
    .orderBy('users.membership_expires_at')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const member of due) {
    if (member.membership_expires_at === null) continue;
    const notified = await remind(deps.db, member.user_id, member.identity, Number(member.membership_expires_at), now);
    if (!notified) continue;
    sent += 1;
    deps.announce?.(notified);
  }
  return sent;
}

/** One member's reminder for the period ending at `expiresAt`: the period's row first, so a second writer writes nothing. */
async function remind(db: Kysely<DB>, userId: number, identity: string, expiresAt: number, now: number): Promise<RenewalNotified | undefined> {
  return db.transaction().execute(async (trx) => {
    const reminder = await trx
      .insertInto('subscription_reminders')
      .values({ user_id: userId, identity, expires_at: expiresAt, notification_id: null, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'expires_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!reminder) return undefined;
    // From the site, not a person: the member is recorded as the actor, and the item shows none.
    const notification = await trx
      .insertInto('notifications')
      .values({ recipient_id: userId, actor_id: userId, type: 'renewal', article_id: null, comment_id: null, created_at: now, read_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('subscription_reminders').set({ notification_id: notification.id }).where('id', '=', reminder.id).execute();
    return { recipientId: userId, notificationId: notification.id };
  });
}
