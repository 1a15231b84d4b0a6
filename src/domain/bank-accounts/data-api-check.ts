// What the data-API check (spec 2.2 `dataApiCheckStatus`) needs from bank accounts: whether it applies
// to an account, the incoming credits of a data_api account in a time window read through the bank
// adapter, and the credit that matches a payment. The payments module runs the check itself.
import type { Deps } from '../../context.js';
import type { BankTransaction, DateRange } from '../../providers/bank-provider.js';
import { DomainError } from '../errors.js';
import type { Pence } from '../money.js';
import type { BankAccount } from './bank-account.js';
import { findBankAccountRowById, toBankAccount } from './bank-account.repository.js';

/** The check applies only to accounts whose transactions the service can read (data_api). */
export function dataApiCheckApplies(account: BankAccount): boolean {
  return (
    account.creationType === 'data_api' && account.consentId !== null && account.providerAccountId !== null
  );
}

export async function findBankAccountById(deps: Deps, id: string): Promise<BankAccount | undefined> {
  const row = await findBankAccountRowById(deps.db, id);
  return row ? toBankAccount(row) : undefined;
}

/**
 * The credits into the account booked or pending within `range`, through its bank's API (a network
 * call: never inside a transaction). A manual account, or a consent that has run out, is an
 * invalid_state error; the bank's own failures come as BankError (`consent_invalid` when the bank no
 * longer honours the consent, `unavailable` for a time-out).
 */
export async function listIncomingCredits(
  deps: Deps,
  account: BankAccount,
  range: DateRange,
): Promise<BankTransaction[]> {
  if (!dataApiCheckApplies(account) || !account.consentId || !account.providerAccountId) {
    throw new DomainError('invalid_state', 'the bank account is not connected via the data API');
  }
  if (account.bankConsentExpired === 'expired') {
    throw new DomainError('invalid_state', "the bank account's consent has expired: reconsent first");
  }
  const transactions = await deps.banks
    .get(account.provider)
    .listTransactions(account.consentId, account.providerAccountId, range);
  return transactions.filter((t) => t.direction === 'credit' && t.accountId === account.providerAccountId);
}

/** References compare without regard to case or surrounding and repeated spaces (banks reformat them). */
export function normaliseReference(reference: string): string {
  return reference.trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * Whether a credit carries the reference: as its TransactionReference, or in its TransactionInformation
 * (banks that put the Faster Payments id in the reference put the payer's reference there), alone or as
 * a whole word of it.
 */
function carriesReference(credit: BankTransaction, wanted: string): boolean {
  if (credit.reference !== null && normaliseReference(credit.reference) === wanted) return true;
  if (credit.information === null || wanted === '') return false;
  const information = normaliseReference(credit.information);
  const at = information.indexOf(wanted);
  if (at < 0) return false;
  const word = /[A-Z0-9]/;
  const before = information[at - 1];
  const after = information[at + wanted.length];
  return !(before && word.test(before)) && !(after && word.test(after));
}

/**
 * The booked credit of exactly `amount` whose reference is `reference` (TransactionReference or
 * TransactionInformation), skipping credits already matched to another payment (`taken`, by
 * transactionId). Pending credits are not money received yet. A credit whose TransactionReference
 * matches is preferred to one whose information does.
 */
export function findMatchingCredit(
  credits: readonly BankTransaction[],
  expected: { amount: Pence; reference: string },
  taken: ReadonlySet<string> = new Set(),
): BankTransaction | undefined {
  const wanted = normaliseReference(expected.reference);
  const candidates = credits.filter(
    (t) => t.status === 'booked' && !taken.has(t.transactionId) && t.amount === expected.amount,
  );
  return (
    candidates.find((t) => t.reference !== null && normaliseReference(t.reference) === wanted) ??
    candidates.find((t) => carriesReference(t, wanted))
  );
}
