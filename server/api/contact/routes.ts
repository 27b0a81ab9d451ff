import { Router } from 'express';
import { z } from 'zod';
import type { ContactAnswer, ContactRequest } from '../../../shared/contact';
import { isValidEmail } from '../../../shared/email';
import { requestSchema } from '../requestSchema';
import { throttle, type RateLimitStores } from '../throttle';
import { storeContactMessage, type ContactDeps } from '../../contact/contactMessages';

export interface ContactRouteDeps extends ContactDeps {
  /** Messages per hour and client address. */
  limit: number;
  /** Where the limiter counts (the database, shared by every process); memory when absent. */
  rateLimits?: RateLimitStores;
  onMailFailure: (error: unknown) => void;
}

const contactBody = requestSchema<ContactRequest>()(
  z.object({
    email: z
      .string()
      .trim()
      .min(1)
      .max(254)
      .refine((email) => isValidEmail(email), 'Enter a valid email address.'),
    message: z.string().trim().min(1).max(10_000),
  }),
);

/** `POST /api/contact/` (docs/specification/shell.md §7): the feedback popup; anyone may write, the account is noted. */
export function contactRoutes(deps: ContactRouteDeps): Router {
  const router = Router();
  router.post('/', throttle(deps.limit, 60 * 60_000, { store: deps.rateLimits?.('contact') }), async (req, res) => {
    const body = contactBody.parse(req.body);
    const { id, mailed } = await storeContactMessage(deps, { ...body, userId: req.auth?.user?.id ?? null });
    mailed.catch(deps.onMailFailure);
    res.status(201).json({ id, detail: 'Thank you for your feedback.' } satisfies ContactAnswer);
  });
  return router;
}
