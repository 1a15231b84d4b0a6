// The standing order a bank set up must be the one asked for: amount, creditor account, reference.
// One that differs never makes the recurring payment active: the difference is kept on the
// authorisation and the merchant hears of it (recurring_payment.bank_mismatch).
import type { Deps } from '../../context.js';
import type { BankStandingOrder } from '../../providers/bank-provider.js';
import { DomainError } from '../errors.js';
import { recordEvent } from '../events/outbox.js';
import { newId } from '../ids.js';
import {
  type BankTermsMismatch,
  bankTerms,
  mismatchView,
  termsMismatch,
} from '../payments/transfer-terms.js';
import type { RecurringPayment } from './recurring.js';
import { voidOpenAuthorisations } from './recurring.repository.js';
import type { RecurringAuthorisationTable } from './recurring.row.js';
import { payeeOf } from './recurring-target.js';

export const RECURRING_MISMATCH_EVENT = 'recurring_payment.bank_mismatch';

/** What differs between the standing order and the recurring payment, or null. */
export async function standingOrderMismatch(
  deps: Deps,
  recurring: RecurringPayment,
  order: BankStandingOrder,
): Promise<BankTermsMismatch | null> {
  const { account } = await payeeOf(deps, recurring);
  const expected = {
    amount: recurring.amountPence,
    creditor: { sortCode: account.sortCode, accountNumber: account.accountNumber },
    reference: recurring.reference,
  };
  return termsMismatch(expected, bankTerms(order));
}

/** Tells the merchant, in the caller's transaction. */
export async function reportStandingOrderMismatch(
  deps: Deps,
  recurring: RecurringPayment,
  authorisation: RecurringAuthorisationTable,
  order: BankStandingOrder,
  mismatch: BankTermsMismatch,
): Promise<void> {
  const view = mismatchView(mismatch);
  deps.log.warn(
    { recurringPaymentId: recurring.id, standingOrderId: order.standingOrderId, ...view },
    'the bank set up another standing order than the recurring payment asked for',
  );
  const now = deps.clock.now();
  const eventId = newId();
  await recordEvent(deps.db, now, {
    id: eventId,
    destination: { kind: 'integration', integrationId: recurring.integrationId },
    eventName: RECURRING_MISMATCH_EVENT,
    resourceType: 'recurring_payment',
    resourceId: recurring.id,
    payload: {
      eventName: RECURRING_MISMATCH_EVENT,
      eventId,
      createdAt: now.toISOString(),
      data: {
        recurringPaymentId: recurring.id,
        authorisationId: authorisation.id,
        provider: authorisation.provider,
        standingOrderId: order.standingOrderId,
        ...view,
      },
    },
  });
}

/** Before the recurring payment's terms change: voids open authorisations, or refuses (409). */
export async function releaseStandingOrderAuthorisations(deps: Deps, recurring: RecurringPayment) {
  const [open] = await voidOpenAuthorisations(deps.db, recurring.id, deps.clock.now().toISOString());
  if (open) {
    throw new DomainError(
      'invalid_state',
      `cannot change recurring payment ${recurring.id} now: the customer's standing-order authorisation ${open.id} at ${open.provider} is being completed; try again in a moment`,
    );
  }
}
