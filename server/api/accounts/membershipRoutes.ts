import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { MembershipDescription, MembershipState } from '../../../shared/payments';
import type { RenewalRequest } from '../../../shared/subscriptions';
import type { DB } from '../../db/schema';
import { currentMembership, membershipDescription } from '../../payments/membership';
import { loadSubscription, setRenewal, subscriptionState } from '../../payments/subscriptions/subscriptions';
import { requireUser } from '../auth';
import { requestSchema } from '../requestSchema';

const renewalBody = requestSchema<RenewalRequest>()(z.object({ renewal: z.boolean({ message: 'renewal is true or false.' }) }).strict());

/** `/api/accounts/membership/…` (docs/decisions/025, 051). */
export function membershipRoutes(deps: { db: Kysely<DB>; now: () => number }): Router {
  const router = Router();
  router.get('/membership/description/', (_req, res) => {
    res.json(membershipDescription() satisfies MembershipDescription);
  });
  router.get('/membership/', async (req, res) => {
    const user = requireUser(req);
    const subscription = subscriptionState(await loadSubscription(deps.db, user.id));
    res.json(currentMembership(user, deps.now(), subscription) satisfies MembershipState);
  });
  // The caller's own subscription: renewal on or off (decision 051); 400 without a subscription.
  router.put('/membership/renewal/', async (req, res) => {
    const user = requireUser(req);
    const { renewal } = renewalBody.parse(req.body);
    const row = await setRenewal(deps.db, user.id, renewal, deps.now());
    res.json(currentMembership(user, deps.now(), subscriptionState(row)) satisfies MembershipState);
  });
  return router;
}
