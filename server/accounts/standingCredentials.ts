import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { SIGN_IN_STATUSES } from './canSignIn';

/** What a long-lived request (a notification stream) was authenticated with: a session, by its stored hash, or an API token, by its row. */
export type Credential = { kind: 'session'; sessionHash: string } | { kind: 'token'; tokenId: number };

/** One string per credential, to hold them in a set. */
export function credentialKey(credential: Credential): string {
  return credential.kind === 'session' ? `s:${credential.sessionHash}` : `t:${credential.tokenId}`;
}

/** Lookups per statement: far under SQLite's and PostgreSQL's parameter limits, and each chunk is one indexed query. */
const CHUNK = 500;

/**
 * The keys (credentialKey) of those credentials that still stand at `now`: the session is
 * still in `sessions` and unexpired, or the token still in `api_tokens`, and the account may
 * still sign in (server/accounts/canSignIn.ts). The checks resolveAuth makes (server/api/auth.ts),
 * for many at once: one query on primary keys per kind and chunk. Read from the database, so a
 * sign-out, password change or ban made by any process or machine counts.
 */
export async function standingCredentials(db: Kysely<DB>, credentials: readonly Credential[], now: number): Promise<Set<string>> {
  const sessions = [...new Set(credentials.flatMap((c) => (c.kind === 'session' ? [c.sessionHash] : [])))];
  const tokens = [...new Set(credentials.flatMap((c) => (c.kind === 'token' ? [c.tokenId] : [])))];
  const standing = new Set<string>();
  const queries: Promise<void>[] = [];
  for (const ids of chunks(sessions)) {
    queries.push(
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id')
        .where('sessions.id', 'in', ids)
        .where('sessions.expires_at', '>', now)
        .where('users.status', 'in', SIGN_IN_STATUSES)
        .execute()
        .then((rows) => rows.forEach((row) => standing.add(credentialKey({ kind: 'session', sessionHash: row.id })))),
    );
  }
  for (const ids of chunks(tokens)) {
    queries.push(
      db
        .selectFrom('api_tokens')
        .innerJoin('users', 'users.id', 'api_tokens.user_id')
        .select('api_tokens.id')
        .where('api_tokens.id', 'in', ids)
        .where('users.status', 'in', SIGN_IN_STATUSES)
        .execute()
        .then((rows) => rows.forEach((row) => standing.add(credentialKey({ kind: 'token', tokenId: row.id })))),
    );
  }
  await Promise.all(queries);
  return standing;
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += CHUNK) out.push(items.slice(at, at + CHUNK));
  return out;
}
