// Marks sent payments overdue once their due date has passed (API.md part 7: sent -> overdue).
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import type { Job } from '../../workers/job.js';
import { findPaymentById } from './payment.repository.js';
import { movePayment } from './payment.service.js';
import { canMove } from './payment-status.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A due date given as a day (stored as its midnight) lasts the whole day; a date-time is exact. */
export function overdueFrom(dueDate: string): number {
  const at = Date.parse(dueDate);
  return dueDate.endsWith('T00:00:00.000Z') ? at + DAY_MS : at;
}

export async function markOverduePayments(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  // Candidates: sent payments due before now (a day-only due date is filtered exactly below).
  const candidates = await deps.db
    .selectFrom('payments')
    .select(['id', 'due_date'])
    .where('status', '=', 'sent')
    .where('deleted_at', 'is', null)
    .where('due_date', 'is not', null)
    .where('due_date', '<', now.toISOString())
    .orderBy('due_date')
    .limit(1000)
    .execute();
  let moved = 0;
  for (const candidate of candidates) {
    if (candidate.due_date === null || overdueFrom(candidate.due_date) > now.getTime()) continue;
    await withTransaction(deps, async (tx) => {
      const payment = await findPaymentById(tx.db, candidate.id, tx.engine);
      if (!payment || !canMove(payment.status, 'mark_overdue')) return;
      await movePayment(tx, payment, 'mark_overdue');
      moved++;
    });
  }
  return moved;
}

export const overduePaymentsJob: Job = {
  name: 'payments.mark-overdue',
  intervalMs: 60_000,
  run: async (deps) => {
    await markOverduePayments(deps);
  },
};
