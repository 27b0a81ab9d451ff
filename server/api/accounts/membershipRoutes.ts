import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { MembershipDescription, MembershipState } from '../../../shared/payments';
import type { DB } from '../../db/schema';
import { currentMembership, membershipDescription } from '../../payments/membership';
import { requireUser } from '../auth';

/** `/api/accounts/membership/…` (docs/decisions/025). */
export function membershipRoutes(deps: { db: Kysely<DB>; now: () => number }): Router {
  const router = Router();
  router.get('/membership/description/', (_req, res) => {
    res.json(membershipDescription() satisfies MembershipDescription);
  });
  router.get('/membership/', (req, res) => {
    res.json(currentMembership(requireUser(req), deps.now()) satisfies MembershipState);
  });
  return router;
}
