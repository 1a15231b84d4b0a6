// The bank settles or rejects a domestic payment: AcceptedSettlementInProcess becomes
// AcceptedSettlementCompleted when the money moved, or Rejected (funds short, or the sandbox control).
import { DomainError, notFound } from '../../../domain/errors.js';
import { transfer } from '../ledger/transfer.js';
import type { SandboxBankDeps } from '../sandbox-bank.js';
import type { SandboxPaymentTable } from '../sandbox-bank.row.js';
import { inTransaction, locks } from '../store.js';
import { findPayment, paymentsInProcess, updatePayment } from './payments.repository.js';

export const IN_PROCESS = 'AcceptedSettlementInProcess';
export const COMPLETED = 'AcceptedSettlementCompleted';
export const REJECTED = 'Rejected';

export type SettledStatus = typeof COMPLETED | typeof REJECTED;

/** Settles (or rejects) a payment still in process; undefined when it was not in process any more. */
async function decide(
  bank: SandboxBankDeps,
  paymentId: string,
  decision: { kind: 'settle' } | { kind: 'reject'; reason: string },
): Promise<
  { before: SandboxPaymentTable; status: SettledStatus } | { before: SandboxPaymentTable; status: undefined }
> {
  return inTransaction(bank.db, async (db) => {
    const scoped = { ...bank, db };
    const payment = await findPayment(db, paymentId, locks(bank.engine));
    if (!payment) throw notFound('sandbox bank payment');
    if (payment.status !== IN_PROCESS) return { before: payment, status: undefined };
    const now = bank.clock.now().toISOString();
    let status: SettledStatus = REJECTED;
    let reason = decision.kind === 'reject' ? decision.reason : null;
    if (decision.kind === 'settle') {
      const result = await transfer(scoped, {
        debtorAccountId: payment.debtor_account_id,
        creditor: {
          sortCode: payment.creditor_sort_code,
          accountNumber: payment.creditor_account_number,
          name: payment.creditor_name,
        },
        amount: payment.amount,
        reference: payment.reference,
        paymentId: payment.id,
        bookedAt: now,
      });
      status = result.booked ? COMPLETED : REJECTED;
      reason = result.booked ? null : result.reason;
    }
    await updatePayment(db, payment.id, { status, reason, status_updated_at: now });
    return { before: payment, status };
  });
}

const notInProcess = (payment: SandboxPaymentTable) =>
  new DomainError('invalid_state', `the bank payment is ${payment.status}, not ${IN_PROCESS}`);

/** The bank settles a payment now: the money moves, or the payment is Rejected when funds are short. */
export async function settleBankPayment(bank: SandboxBankDeps, paymentId: string): Promise<SettledStatus> {
  const result = await decide(bank, paymentId, { kind: 'settle' });
  if (!result.status) throw notInProcess(result.before);
  return result.status;
}

/** The bank rejects a payment still in process; no money moves. */
export async function rejectBankPayment(
  bank: SandboxBankDeps,
  paymentId: string,
  reason = 'Rejected by the sandbox bank',
): Promise<SettledStatus> {
  const result = await decide(bank, paymentId, { kind: 'reject', reason });
  if (!result.status) throw notInProcess(result.before);
  return result.status;
}

/** Settles the payment if it is still in process (SANDBOX_SETTLEMENT=auto); a no-op otherwise. */
export async function settleIfInProcess(bank: SandboxBankDeps, paymentId: string): Promise<void> {
  await decide(bank, paymentId, { kind: 'settle' });
}

/** Settles what auto settlement left behind (e.g. a process stopped between accepting and settling). */
export async function settleLeftovers(bank: SandboxBankDeps): Promise<number> {
  const ids = await paymentsInProcess(bank.db, 500);
  for (const id of ids) await settleIfInProcess(bank, id);
  return ids.length;
}
