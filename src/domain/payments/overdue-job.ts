// Marks sent payments overdue once their due date has passed (API.md part 7: sent -> overdue).
import { sql } from 'kysely';
import type { Deps } from '../../context.js';
import type { Db } from '../../store/database.js';
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

/**
 * Candidates: sent payments due before `now` (a day-only due date is filtered exactly by the caller). The
 * conditions of the partial index payments_overdue (migration 0026) are literals here, so that both
 * engines can prove it applies.
 */
export function overdueCandidates(db: Db, now: Date) {
  return db
    .selectFrom('payments')
    .select(['id', 'due_date'])
    .where('status', '=', sql.lit('sent'))
    .where('deleted_at', 'is', null)
    .where('due_date', 'is not', null)
    .where('due_date', '<', now.toISOString())
    .orderBy('due_date')
    .limit(1000);
}

export async function markOverduePayments(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const candidates = await overdueCandidates(deps.db, now).execute();
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
