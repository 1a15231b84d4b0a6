// The periodic work of recurring payments (run by the scheduler, and by the sandbox clock's advance):
// following active ones at the bank, and marking overdue the sent ones nobody set up in time.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import type { Job } from '../../workers/job.js';
import { londonDay } from '../working-days.js';
import { trackRecurringPayments } from './item-tracking.js';
import * as repo from './recurring.repository.js';
import { moveRecurring } from './recurring.service.js';
import { canMove } from './recurring-status.js';

/**
 * A sent (or declined) recurring payment whose first payment date has passed without a standing order
 * is overdue: the customer's bank can no longer start on that date (spec 3.2; the merchant edits it).
 */
export async function markOverdueRecurring(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const today = londonDay(now);
  const candidates = await repo.overdueCandidates(deps.db, now.toISOString(), 1000);
  let moved = 0;
  for (const candidate of candidates) {
    if (londonDay(new Date(candidate.firstPaymentDate)) >= today) continue;
    await withTransaction(deps, async (tx) => {
      const recurring = await repo.findRecurringById(tx.db, candidate.id, tx.engine);
      if (!recurring || !canMove(recurring.status, 'mark_overdue')) return;
      await moveRecurring(tx, recurring, 'mark_overdue');
      moved++;
    });
  }
  return moved;
}

export const overdueRecurringJob: Job = {
  name: 'recurring.mark-overdue',
  intervalMs: 60_000,
  run: async (deps) => {
    await markOverdueRecurring(deps);
  },
};

export const recurringItemsJob: Job = {
  name: 'recurring.track-items',
  intervalMs: 60_000,
  run: async (deps) => {
    await trackRecurringPayments(deps);
  },
};
