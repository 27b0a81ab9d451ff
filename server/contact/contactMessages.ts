import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Mailer } from '../mail/mailer';

export interface ContactDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  now: () => number;
  siteName: string;
  /** Where feedback is mailed (OPERATOR_EMAIL). */
  operatorEmail: string;
}

export interface ContactMessage {
  email: string;
  message: string;
  userId: number | null;
}

/**
 * Stores a feedback message, then mails it to the operator. The stored row is the record:
 * a mail that fails is reported to the caller's log, never to the sender.
 */
export async function storeContactMessage(deps: ContactDeps, input: ContactMessage): Promise<{ id: number; mailed: Promise<void> }> {
  const row = await deps.db
    .insertInto('contact_messages')
    .values({ email: input.email, message: input.message, user_id: input.userId, created_at: deps.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const mailed = deps.mailer.send({
    to: deps.operatorEmail,
    subject: `${deps.siteName} feedback #${row.id} from ${input.email}`,
    // Plain text: the mail client shows the sender's text as typed, never as markup.
    text: `From: ${input.email}${input.userId === null ? '' : ` (account ${input.userId})`}\n\n${input.message}\n`,
  });
  return { id: row.id, mailed };
}
