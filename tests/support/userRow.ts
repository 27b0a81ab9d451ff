// A row of `users` for the tests and benchmarks that insert accounts straight into the database
// (tests/http/newsletter.test.ts, scripts/benchNewsletter.ts, scripts/benchStats.ts,
// scripts/benchSearch.ts): an active plain account with no password and an empty profile, unless
// `fields` says otherwise.
import type { Insertable } from 'kysely';
import type { UsersTable } from '../../server/db/schema';

export function userRow(
  account: { email: string; username: string; created_at: number },
  fields: Partial<Insertable<UsersTable>> = {},
): Insertable<UsersTable> {
  return {
    password_hash: '',
    role: 'user',
    membership_tier: null,
    membership_expires_at: null,
    status: 'active',
    avatar: '',
    description: '',
    gender: null,
    birthday: null,
    city: '',
    city_key: '',
    habits: '',
    habits_key: '',
    ...account,
    ...fields,
  };
}
