import { UserDirectory } from '../../server/accounts/users';
import type { Database } from '../../server/db/connection';

export const PASSWORD = 'correct horse battery';

/** Creates an active account with the test password. */
export async function createPerson(database: Database, username: string, overrides: { status?: 'active' | 'inactive' | 'banned' | 'suspended' } = {}) {
  return new UserDirectory(database.db, Date.now).create({
    email: `${username}@example.com`,
    username,
    password: PASSWORD,
    status: overrides.status,
  });
}
