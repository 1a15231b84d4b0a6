// Keeps payments in step with the banks when nobody is watching: submitted payments and refunds the
// bank has decided since, submissions a stopped process left half done, and authorisations the payer
// never came back from.
import type { Deps } from '../../context.js';
import type { Job } from '../../workers/job.js';
import { submitAttempt } from './bank-return.service.js';
import { ATTEMPT_TTL_MS } from './payment-attempt.js';
import * as attempts from './payment-attempt.repository.js';
import { syncAttempt } from './settlement.service.js';
import { attemptsDueForPolling, schedulePoll } from './status-polling.js';

const BATCH = 200;
// Younger ones are still being handled by the request that made them.
const SUBMITTED_GRACE_MS = 5_000;
const COMPLETING_GRACE_MS = 60_000;

export interface SyncReport {
  decided: number;
  resubmitted: number;
  expired: number;
  /** Submitted payments the bank left undecided for 5 days, now flagged for an operator. */
  needsAttention: number;
}

export async function syncPaymentsWithBanks(deps: Deps): Promise<SyncReport> {
  const now = deps.clock.now();
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const report: SyncReport = { decided: 0, resubmitted: 0, expired: 0, needsAttention: 0 };

  // Polled with back-off (status-polling.ts); undecided after 5 days, marked for an operator.
  for (const { attempt, pollingSince } of await attemptsDueForPolling(
    deps,
    before(SUBMITTED_GRACE_MS),
    BATCH,
  )) {
    try {
      if ((await syncAttempt(deps, attempt)) !== 'pending') {
        report.decided++;
        continue;
      }
    } catch (err) {
      deps.log.warn({ err, attemptId: attempt.id }, 'bank payment status not available');
    }
    if ((await schedulePoll(deps, attempt.id, pollingSince)) === 'attention') report.needsAttention++;
  }

  // Exchanged and maybe submitted before the process stopped: submitting again with the same
  // idempotency key finds the bank's payment (or makes it, once).
  for (const attempt of await attempts.staleAttempts(
    deps.db,
    'completing',
    before(COMPLETING_GRACE_MS),
    BATCH,
  )) {
    try {
      await submitAttempt(deps, attempt, null);
      report.resubmitted++;
    } catch (err) {
      deps.log.warn({ err, attemptId: attempt.id }, 'could not finish a submission');
    }
  }

  for (const attempt of await attempts.staleAttempts(
    deps.db,
    'awaiting_authorisation',
    before(ATTEMPT_TTL_MS),
    BATCH,
  )) {
    if (Date.parse(attempt.expiresAt) > now.getTime()) continue;
    const from = ['awaiting_authorisation'] as const;
    if (
      await attempts.moveAttempt(deps.db, attempt.id, from, {
        status: 'expired',
        updated_at: now.toISOString(),
      })
    )
      report.expired++;
  }
  return report;
}

export const paymentBankSyncJob: Job = {
  name: 'payments.bank-sync',
  // As often as the first minute's status polls (status-polling.ts); each run asks only what is due.
  intervalMs: 5_000,
  run: async (deps) => {
    await syncPaymentsWithBanks(deps);
  },
};
