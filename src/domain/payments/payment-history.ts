// Every change of a payment appends a snapshot to its history and, from `sent` on, a status webhook
// to its integration — in the transaction of the change.
import type { Deps } from '../../context.js';
import { isoString } from '../clock.js';
import { type PendingEventRow, recordEvent, webhookRow } from '../events/outbox.js';
import { newId } from '../ids.js';
import type { Payment, PaymentAction } from './payment.js';
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
    created_at: isoString(now),
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
      createdAt: isoString(now),
      data: processedForm(payment, actions, deps.config.publicUrl),
    },
  });
}

/**
 * The history and webhook of a payment created and processed at once, from the data in hand (nothing is
 * read back): what recordPaymentChange would write for `create` and then `process`.
 */
export async function historyOfNewPayment(
  deps: Deps,
  draft: Payment,
  sent: Payment,
): Promise<{ actions: [PaymentAction, PaymentAction]; event: PendingEventRow }> {
  const now = deps.clock.now();
  const at = isoString(now);
  const publicUrl = deps.config.publicUrl;
  const actions: [PaymentAction, PaymentAction] = [
    { timestamp: at, action: 'create', snapshot: snapshotOf(draft, publicUrl) },
    { timestamp: at, action: 'process', snapshot: snapshotOf(sent, publicUrl) },
  ];
  const eventId = newId();
  const event = await webhookRow(deps.db, now, {
    id: eventId,
    destination: { kind: 'integration', integrationId: sent.integrationId },
    eventName: 'payment.status_updated',
    resourceType: 'payment',
    resourceId: sent.id,
    payload: {
      eventName: 'payment.status_updated',
      eventId,
      createdAt: at,
      data: processedForm(sent, actions, publicUrl),
    },
  });
  return { actions, event };
}
