import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The accounts whose work may not be read (not active, or a member, whose membership may have
 * lapsed with no write) from an index of those few alone: search asks for them on every query
 * (server/search/rank.ts), and without it both engines read every user (45–50 ms at 200,000 on SQLite).
 * The queries name the condition as the same literal (`HIDDEN_CANDIDATES` there): neither engine
 * matches a partial index otherwise.
 */
export function usersHidden(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('users_hidden')
        .on('users')
        .columns(['membership_expires_at', 'status', 'membership_tier', 'id'])
        .where(sql<boolean>`status <> 'active' or membership_tier is not null`)
        .execute();
    },
  };
}
