import type { User } from '../db/schema';

/** Inactive and banned accounts cannot sign in; a suspended one can (its content is in review). */
export function canSignIn(status: User['status']): boolean {
  return status === 'active' || status === 'suspended';
}
