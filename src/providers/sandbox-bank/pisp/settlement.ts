// The bank decides a domestic payment: its open statuses (Pending, AcceptedWithoutPosting,
// AcceptedSettlementInProcess) advance with the clock as the debtor customer's behaviour says, and end
// in AcceptedSettlementCompleted or AcceptedCreditSettlementCompleted when the money moved, or in
// Rejected (funds short, a late rejection, or the sandbox control).
import { DomainError, notFound } from '../../../domain/errors.js';
import type { Db } from '../../../store/database.js';
import { findAccount } from '../ledger/ledger.repository.js';
import { transfer } from '../ledger/transfer.js';
import type { SandboxBankDeps } from '../sandbox-bank.js';
import type { SandboxPaymentTable } from '../sandbox-bank.row.js';
import { behaviourOf } from '../seed.js';
import { inTransaction, locks } from '../store.js';
import {
  COMPLETED,
  isOpen,
  nextStep,
  type PaymentBehaviour,
  REJECTED,
  SCRIPTS,
  type SettledStatus,
} from './behaviours.js';
import { findPayment, openPayments, updatePayment } from './payments.repository.js';

export { COMPLETED, CREDIT_COMPLETED, IN_PROCESS, REJECTED, type SettledStatus } from './behaviours.js';

type Decision = { kind: 'settle' } | { kind: 'reject'; reason: string } | { kind: 'advance' };

/** The debtor customer's behaviour (API.md 9.1). */
export async function paymentBehaviour(db: Db, debtorAccountId: string): Promise<PaymentBehaviour> {
  const account = await findAccount(db, debtorAccountId);
  return behaviourOf(account?.customer_id ?? '');
}

/** Moves the money now: the settled status of the behaviour, or Rejected when funds are short. */
async function settle(bank: SandboxBankDeps, payment: SandboxPaymentTable, as: SettledStatus, at: string) {
  const result = await transfer(bank, {
    debtorAccountId: payment.debtor_account_id,
    creditor: {
      sortCode: payment.creditor_sort_code,
      accountNumber: payment.creditor_account_number,
      name: payment.creditor_name,
    },
    amount: payment.amount,
    reference: payment.reference,
    paymentId: payment.id,
    bookedAt: at,
  });
  return result.booked ? { status: as, reason: null } : { status: REJECTED, reason: result.reason };
}

/** Applies a decision to a payment still open; answers its status after, undefined when it was decided. */
async function decide(
  bank: SandboxBankDeps,
  paymentId: string,
  decision: Decision,
): Promise<{ before: SandboxPaymentTable; status: string | undefined }> {
  return inTransaction(bank.db, async (db) => {
    const scoped = { ...bank, db };
    const payment = await findPayment(db, paymentId, locks(bank.engine));
    if (!payment) throw notFound('sandbox bank payment');
    if (!isOpen(payment.status)) return { before: payment, status: undefined };
    const now = bank.clock.now().toISOString();
    const behaviour = await paymentBehaviour(db, payment.debtor_account_id);
    const script = SCRIPTS[behaviour];
    const settledAs = script.end.kind === 'settle' ? script.end.as : COMPLETED;
    let outcome: { status: string; reason: string | null; at: string };
    if (decision.kind === 'settle') outcome = { ...(await settle(scoped, payment, settledAs, now)), at: now };
    else if (decision.kind === 'reject') outcome = { status: REJECTED, reason: decision.reason, at: now };
    else {
      const step = nextStep(
        behaviour,
        payment.status,
        Date.parse(payment.status_updated_at),
        Date.parse(now),
      );
      if (!step) return { before: payment, status: payment.status };
      if (step.kind === 'move')
        outcome = { status: step.status, reason: null, at: new Date(step.at).toISOString() };
      else if (step.end.kind === 'reject') outcome = { status: REJECTED, reason: step.end.reason, at: now };
      else outcome = { ...(await settle(scoped, payment, step.end.as, now)), at: now };
    }
    await updatePayment(db, payment.id, {
      status: outcome.status,
      reason: outcome.reason,
      status_updated_at: outcome.at,
    });
    return { before: payment, status: outcome.status };
  });
}

const notOpen = (payment: SandboxPaymentTable) =>
  new DomainError('invalid_state', `the bank payment is ${payment.status}, no longer open`);

/** The bank settles an open payment now: the money moves, or the payment is Rejected when funds are short. */
export async function settleBankPayment(bank: SandboxBankDeps, paymentId: string): Promise<string> {
  const result = await decide(bank, paymentId, { kind: 'settle' });
  if (!result.status) throw notOpen(result.before);
  return result.status;
}

/** The bank rejects an open payment; no money moves. */
export async function rejectBankPayment(
  bank: SandboxBankDeps,
  paymentId: string,
  reason = 'Rejected by the sandbox bank',
): Promise<string> {
  const result = await decide(bank, paymentId, { kind: 'reject', reason });
  if (!result.status) throw notOpen(result.before);
  return result.status;
}

/**
 * Advances an open payment as far as the clock allows (SANDBOX_SETTLEMENT=auto); a payment of a
 * customer whose bank settles at once settles now. A no-op for a decided payment.
 */
export async function advanceBankPayment(bank: SandboxBankDeps, paymentId: string): Promise<void> {
  await decide(bank, paymentId, { kind: 'advance' });
}

/** Advances every open payment (the sandbox bank's job; also what a stopped process left settling). */
export async function settleLeftovers(bank: SandboxBankDeps): Promise<number> {
  const ids = await openPayments(bank.db, 500);
  for (const id of ids) await advanceBankPayment(bank, id);
  return ids.length;
}
