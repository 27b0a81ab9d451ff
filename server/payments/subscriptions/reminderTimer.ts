import { FleetTimer } from '../../jobs/fleetTimer';
import type { Logger } from '../../logger';
import { sendRenewalReminders, type RenewalReminderDeps } from './reminders';

/** How often the fleet looks for periods to remind (decision 051): a reminder is at most this late. */
export const RENEWAL_SWEEP_INTERVAL_MS = 3600_000;

/** The renewal reminders' sweep: one process of the fleet an hour (docs/decisions/042). */
export function renewalReminderTimer(deps: RenewalReminderDeps & { logger: Logger }): FleetTimer {
  return new FleetTimer({
    db: deps.db,
    name: 'renewal-reminders',
    failure: 'the renewal reminder sweep failed',
    logger: deps.logger,
    now: deps.now,
    work: async () => {
      const sent = await sendRenewalReminders(deps);
      if (sent > 0) deps.logger.info({ sent }, 'renewal reminders sent');
    },
  });
}
