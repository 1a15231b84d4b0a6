// Every change of a recurring payment appends a snapshot to its history and, from `sent` on, a
// `recurring_payment.status_updated` webhook; every change of an item a `recurring_payment.item_updated`
// webhook. All in the transaction of the change.
import type { Deps } from '../../context.js';
import { recordEvent } from '../events/outbox.js';
import { newId } from '../ids.js';
import type { RecurringItem, RecurringPayment } from './recurring.js';
import { findInitialPayment, insertAction, listActions } from './recurring.repository.js';
import { itemForm, recurringForm, snapshotOf } from './recurring-forms.js';

export const STATUS_EVENT = 'recurring_payment.status_updated';
export const ITEM_EVENT = 'recurring_payment.item_updated';

export async function recordRecurringChange(
  deps: Deps,
  recurring: RecurringPayment,
  action: string,
  options: { statusChanged: boolean },
): Promise<void> {
  const now = deps.clock.now();
  const initialPayment = (await findInitialPayment(deps.db, recurring.id)) ?? null;
  await insertAction(deps.db, {
    id: newId(),
    recurring_payment_id: recurring.id,
    action,
    created_at: now.toISOString(),
    snapshot: JSON.stringify(snapshotOf(recurring, initialPayment, deps.config.publicUrl)),
  });
  if (!options.statusChanged || recurring.status === 'draft') return;
  const eventId = newId();
  const actions = await listActions(deps.db, recurring.id);
  await recordEvent(deps.db, now, {
    id: eventId,
    destination: { kind: 'integration', integrationId: recurring.integrationId },
    eventName: STATUS_EVENT,
    resourceType: 'recurring_payment',
    resourceId: recurring.id,
    payload: {
      eventName: STATUS_EVENT,
      eventId,
      createdAt: now.toISOString(),
      data: recurringForm(recurring, initialPayment, actions, deps.config.publicUrl),
    },
  });
}

/** Queued on the recurring payment's own order key, so items and statuses arrive in the order they happened. */
export async function recordItemChange(
  deps: Deps,
  recurring: RecurringPayment,
  item: RecurringItem,
): Promise<void> {
  const now = deps.clock.now();
  const eventId = newId();
  await recordEvent(deps.db, now, {
    id: eventId,
    destination: { kind: 'integration', integrationId: recurring.integrationId },
    eventName: ITEM_EVENT,
    resourceType: 'recurring_payment',
    resourceId: recurring.id,
    payload: {
      eventName: ITEM_EVENT,
      eventId,
      createdAt: now.toISOString(),
      data: {
        ...itemForm(item),
        recurringPaymentId: recurring.id,
        invoiceRefNumber: recurring.reference,
        recurringPaymentStatus: recurring.status,
      },
    },
  });
}
