// Every change of a payment appends a snapshot to its history and, from `sent` on, a status webhook
// to its integration — in the transaction of the change.
import type { Deps } from '../../context.js';
import { recordEvent } from '../events/outbox.js';
import { newId } from '../ids.js';
import type { Payment } from './payment.js';
import { insertAction, listActions } from './payment.repository.js';
import { processedForm, snapshotOf } from './payment-forms.js';

export async function recordPaymentChange(
  deps: Deps,
  payment: Payment,
  action: string,
  options: { statusChanged: boolean },
): Promise<void> {
  const now = deps.clock.now();
  await insertAction(deps.db, {
    id: newId(),
    payment_id: payment.id,
    action,
    created_at: now.toISOString(),
    snapshot: JSON.stringify(snapshotOf(payment, deps.config.publicUrl)),
  });
  if (!options.statusChanged || payment.status === 'draft') return;
  const eventId = newId();
  const actions = await listActions(deps.db, payment.id);
  await recordEvent(deps.db, now, {
    id: eventId,
    destination: { kind: 'integration', integrationId: payment.integrationId },
    eventName: 'payment.status_updated',
    resourceType: 'payment',
    resourceId: payment.id,
    payload: {
      eventName: 'payment.status_updated',
      eventId,
      createdAt: now.toISOString(),
      data: processedForm(payment, actions, deps.config.publicUrl),
    },
  });
}
