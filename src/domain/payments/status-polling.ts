// How often a submitted payment's status is asked of its bank (issue 13 item 9): every few seconds in
// the first minute after the customer's return (most banks decide at once), then every minute, then
// every quarter of an hour, then hourly, until the bank decides or 5 days pass. Then the payment is
// marked for an operator's attention (attention_at, logged as an error) and no longer polled: a bank
// that has not decided in 5 days will not by being asked again, and someone must look.
import type { Deps } from '../../context.js';
import type { PaymentAttempt } from './payment-attempt.js';
import { toAttempt } from './payment-attempt.repository.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
export const POLLING_GIVES_UP_AFTER_MS = 5 * 24 * HOUR;

/** The pause before the next status poll of a payment submitted ageMs ago. */
export function pollDelayMs(ageMs: number): number {
  if (ageMs < MINUTE) return 5 * SECOND;
  if (ageMs < HOUR) return MINUTE;
  if (ageMs < 24 * HOUR) return 15 * MINUTE;
  return HOUR;
}

/** Submitted attempts whose next poll is due (never polled ones included), oldest first. */
export async function attemptsDueForPolling(
  deps: Deps,
  submittedBefore: string,
  limit: number,
): Promise<Array<{ attempt: PaymentAttempt; pollingSince: string }>> {
  const now = deps.clock.now().toISOString();
  const rows = await deps.db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('status', '=', 'submitted')
    .where('updated_at', '<', submittedBefore)
    .where('attention_at', 'is', null)
    .where((eb) => eb.or([eb('next_poll_at', 'is', null), eb('next_poll_at', '<=', now)]))
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  // Until the first poll, updated_at is when the attempt became submitted (the customer's return).
  return rows.map((row) => ({ attempt: toAttempt(row), pollingSince: row.polling_since ?? row.updated_at }));
}

/** After a poll that left the payment undecided: when to ask next, or give up and flag it. */
export async function schedulePoll(
  deps: Deps,
  attemptId: string,
  pollingSince: string,
): Promise<'later' | 'attention'> {
  const now = deps.clock.now();
  const age = now.getTime() - Date.parse(pollingSince);
  const giveUp = age >= POLLING_GIVES_UP_AFTER_MS;
  await deps.db
    .updateTable('payment_attempts')
    .set({
      polling_since: pollingSince,
      next_poll_at: giveUp ? null : new Date(now.getTime() + pollDelayMs(age)).toISOString(),
      ...(giveUp ? { attention_at: now.toISOString() } : {}),
      updated_at: now.toISOString(),
    })
    .where('id', '=', attemptId)
    .where('status', '=', 'submitted')
    .execute();
  if (giveUp) {
    deps.log.error(
      { attemptId, pollingSince },
      'the bank has not decided this payment in 5 days: status polling stopped, it needs an operator',
    );
  }
  return giveUp ? 'attention' : 'later';
}
