// A payment's terms (amount, reference, account paid into) may change only while no payer holds an
// authorisation for the old ones. Decision: the change voids the authorisations not yet completed
// (the merchant's correction wins, and a payer who merely opened the bank's page cannot block it),
// and is refused with a 409 naming the authorisation while one is being completed or submitted,
// because that one may already be moving money. Runs in the transaction of the change, with the
// payment locked, so a return's claim (which locks it too) sees either the old terms or a void.
import type { Deps } from '../../context.js';
import { DomainError } from '../errors.js';
import type { Payment } from './payment.js';
import { voidOpenAttempts } from './payment-attempt.repository.js';

/** True when `next` asks the bank for other money than `current`. */
export function termsChange(current: Payment, next: Partial<Payment>): boolean {
  return (
    (next.amountPence !== undefined && next.amountPence !== current.amountPence) ||
    (next.invoiceRefNumber !== undefined && next.invoiceRefNumber !== current.invoiceRefNumber) ||
    (next.bankAccountId !== undefined && next.bankAccountId !== current.bankAccountId)
  );
}

/** Voids the payment's open authorisations before its terms change, or refuses the change (409). */
export async function releaseAuthorisations(deps: Deps, payment: Payment): Promise<void> {
  const moving = await voidOpenAttempts(deps.db, payment.id, deps.clock.now().toISOString());
  const [open] = moving;
  if (open) {
    throw new DomainError(
      'invalid_state',
      `cannot change payment ${payment.id} now: the customer's authorisation ${open.id} at ${open.provider} is ${open.status === 'completing' ? 'being completed' : 'submitted to the bank'}; try again once the bank has settled or rejected it`,
    );
  }
}
