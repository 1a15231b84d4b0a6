// What a bank must move for an attempt (amount, creditor account, reference) and the check of what it
// says it moved. A bank's payment repeats its consent's Initiation (InstructedAmount, CreditorAccount,
// RemittanceInformation.Reference), so comparing it with the payment or refund as it stands now
// catches an edit that slipped past an open authorisation, and a bank or adapter that moved something
// else. A difference never marks anything paid: it is recorded and reported (transfer-mismatch.ts).
import type { Deps } from '../../context.js';
import type { BankPayment } from '../../providers/bank-provider.js';
import { formatAmount, type Pence } from '../money.js';
import { bankAccountOf, merchantAccountOf } from './merchant-account.js';
import type { Payment } from './payment.js';
import type { PaymentAttempt } from './payment-attempt.js';
import { findRefund } from './refund.repository.js';

export interface TransferTerms {
  amount: Pence;
  creditor: { sortCode: string; accountNumber: string };
  reference: string | null;
}

export type TermField = 'amount' | 'creditor' | 'reference';

export interface BankTermsMismatch {
  fields: TermField[];
  expected: TransferTerms;
  bank: TransferTerms;
}

/** The reference a refund is paid with: the payment's, marked as a refund. */
export const refundReference = (payment: Pick<Payment, 'invoiceRefNumber'>) =>
  `RF-${payment.invoiceRefNumber}`;

/** What the bank says it moved (or set up). */
export function bankTerms(bank: Pick<BankPayment, 'amount' | 'creditor' | 'reference'>): TransferTerms {
  return {
    amount: bank.amount,
    creditor: { sortCode: bank.creditor.sortCode, accountNumber: bank.creditor.accountNumber },
    reference: bank.reference,
  };
}

/** The attempt's money as the service expects it now: its payment's, or its refund's. */
export async function expectedTermsOf(
  deps: Deps,
  attempt: PaymentAttempt,
  payment: Payment,
): Promise<TransferTerms> {
  if (attempt.kind === 'refund') {
    const refund = attempt.refundId ? await findRefund(deps.db, attempt.refundId) : undefined;
    if (!refund) throw new Error(`refund of attempt ${attempt.id} is gone`);
    const payee = bankAccountOf(refund.payee);
    return {
      amount: refund.amountPence,
      creditor: { sortCode: payee.sortCode, accountNumber: payee.accountNumber },
      reference: refundReference(payment),
    };
  }
  const { account } = await merchantAccountOf(deps, payment);
  return {
    amount: payment.amountPence,
    creditor: { sortCode: account.sortCode, accountNumber: account.accountNumber },
    reference: payment.invoiceRefNumber,
  };
}

/** The terms that differ, or null when the bank moved exactly what was asked. */
export function termsMismatch(expected: TransferTerms, bank: TransferTerms): BankTermsMismatch | null {
  const fields: TermField[] = [];
  if (expected.amount !== bank.amount) fields.push('amount');
  if (
    expected.creditor.sortCode !== bank.creditor.sortCode ||
    expected.creditor.accountNumber !== bank.creditor.accountNumber
  )
    fields.push('creditor');
  if ((expected.reference ?? '') !== (bank.reference ?? '')) fields.push('reference');
  return fields.length === 0 ? null : { fields, expected, bank };
}

/** A mismatch as a webhook or the log shows it: amounts as the API writes them. */
export function mismatchView(mismatch: BankTermsMismatch) {
  const view = (terms: TransferTerms) => ({ ...terms, amount: formatAmount(terms.amount) });
  return { fields: mismatch.fields, expected: view(mismatch.expected), bank: view(mismatch.bank) };
}
