import type { AccountStatus, User } from '../db/schema';

/** The statuses that may sign in: inactive and banned accounts cannot; a suspended one can (its content is in review). */
export const SIGN_IN_STATUSES = ['active', 'suspended'] as const satisfies readonly AccountStatus[];

/** Inactive and banned accounts cannot sign in; a suspended one can (its content is in review). */
export function canSignIn(status: User['status']): boolean {
  return (SIGN_IN_STATUSES as readonly AccountStatus[]).includes(status);
}
