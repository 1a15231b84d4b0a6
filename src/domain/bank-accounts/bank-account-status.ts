// Which status moves an operator may make (the spec leaves transitions open; API.md 7 lists the states).
// A disabled account can be brought back only deliberately, to pending (check again) or verified.
import { invalidState } from '../errors.js';
import type { BankAccountStatus } from './bank-account.js';

export const BANK_ACCOUNT_TRANSITIONS: Record<BankAccountStatus, readonly BankAccountStatus[]> = {
  pending: ['verified', 'manual_review_required', 'disabled'],
  manual_review_required: ['verified', 'disabled'],
  verified: ['manual_review_required', 'disabled'],
  disabled: ['pending', 'verified'],
};

export function assertTransition(from: BankAccountStatus, to: BankAccountStatus): void {
  if (!BANK_ACCOUNT_TRANSITIONS[from].includes(to)) {
    const allowedFrom = (Object.keys(BANK_ACCOUNT_TRANSITIONS) as BankAccountStatus[]).filter((s) =>
      BANK_ACCOUNT_TRANSITIONS[s].includes(to),
    );
    throw invalidState('bank account', from, allowedFrom, `move to ${to}`);
  }
}

/** Group D shows the statuses with spaces (spec 2.8, 3.4). */
export function groupDStatus(status: BankAccountStatus): string {
  return status === 'manual_review_required' ? 'manual review required' : status;
}

/** A payment can be created for, and received into, an account that is pending or verified (API.md 7). */
export function canReceivePayments(status: BankAccountStatus): boolean {
  return status === 'pending' || status === 'verified';
}
