// Whether a customer's link (payment or recurring) may take money now: the rules a new payment is
// created under (receiving-account.ts), checked again when the customer initiates and when the bank
// sends them back, since the company may have been banned, its receiving account disabled or the
// integration deleted after the link went out. A refusal is written for the payer.
import type { Deps } from '../../context.js';
import { DomainError } from '../errors.js';
import { type ReceivingTarget, receivingAccount } from './receiving-account.js';

export const MERCHANT_CLOSED =
  'This merchant cannot take payments at the moment, so this link cannot be paid. No money has moved.';
export const ACCOUNT_CLOSED =
  'The account this merchant takes payments into cannot receive them at the moment, so this link cannot be paid. No money has moved.';

/** The 401 of spec part 7, answered as plain text: unknown, deleted, cancelled or finished links. */
export const linkExpired = () => new DomainError('unauthorized', 'API token is expired');

/** The refusal to answer for a link of `target`, or undefined when it may take a payment now. */
export async function linkRefusal(deps: Deps, target: ReceivingTarget): Promise<DomainError | undefined> {
  try {
    await receivingAccount(deps, target);
    return undefined;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    // The integration (or the account) is gone: its links are withdrawn, like a deleted payment's.
    if (err.code === 'not_found') return linkExpired();
    if (err.code === 'forbidden') {
      return new DomainError('forbidden', MERCHANT_CLOSED);
    }
    return new DomainError('forbidden', ACCOUNT_CLOSED);
  }
}

/** Throws the refusal, if any. */
export async function assertLinkTakesPayments(deps: Deps, target: ReceivingTarget): Promise<void> {
  const refusal = await linkRefusal(deps, target);
  if (refusal) throw refusal;
}
