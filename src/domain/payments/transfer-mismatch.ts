// A bank moved other terms than an attempt asked for (transfer-terms.ts): the difference is kept on
// the attempt, appended to the payment's history and sent to the merchant as a webhook, once, in the
// transaction that records the money. The payment (or refund) is never marked paid by it.
import type { Deps } from '../../context.js';
import { recordEvent } from '../events/outbox.js';
import { newId } from '../ids.js';
import type { Payment } from './payment.js';
import { listActions } from './payment.repository.js';
import type { PaymentAttempt } from './payment-attempt.js';
import { setAttemptMismatch } from './payment-attempt.repository.js';
import { processedForm } from './payment-forms.js';
import { recordPaymentChange } from './payment-history.js';
import { type BankTermsMismatch, mismatchView } from './transfer-terms.js';

export const MISMATCH_EVENT = 'payment.bank_mismatch';

export async function recordMismatch(
  deps: Deps,
  attempt: PaymentAttempt,
  payment: Payment,
  mismatch: BankTermsMismatch,
  bankPaymentId: string,
): Promise<void> {
  if (!(await setAttemptMismatch(deps.db, attempt.id, mismatch))) return;
  const view = mismatchView(mismatch);
  deps.log.warn(
    { paymentId: payment.id, attemptId: attempt.id, bankPaymentId, ...view },
    'the bank moved other terms than the payment asked for',
  );
  await recordPaymentChange(deps, payment, attempt.kind === 'refund' ? 'refund_mismatch' : 'bank_mismatch', {
    statusChanged: false,
  });
  const now = deps.clock.now();
  const eventId = newId();
  await recordEvent(deps.db, now, {
    id: eventId,
    destination: { kind: 'integration', integrationId: payment.integrationId },
    eventName: MISMATCH_EVENT,
    resourceType: 'payment',
    resourceId: payment.id,
    payload: {
      eventName: MISMATCH_EVENT,
      eventId,
      createdAt: now.toISOString(),
      data: {
        paymentId: payment.id,
        kind: attempt.kind,
        refundId: attempt.refundId,
        bankPaymentId,
        ...view,
        payment: processedForm(payment, await listActions(deps.db, payment.id), deps.config.publicUrl),
      },
    },
  });
}
