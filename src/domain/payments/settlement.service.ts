// What the bank decided about a submitted payment or refund, applied to the service's records in one
// transaction: the attempt, the payment's status (through the state machine), the refund and the
// transaction. Bank calls happen before, outside the transaction.
import type { Deps } from '../../context.js';
import type { BankPayment } from '../../providers/bank-provider.js';
import { withTransaction } from '../../store/transaction.js';
import { completeTransaction, rejectTransaction } from '../transactions/transaction.service.js';
import { accountRefOf } from './merchant-account.js';
import type { Payment } from './payment.js';
import { findPaymentById } from './payment.repository.js';
import { movePayment } from './payment.service.js';
import type { PaymentAttempt } from './payment-attempt.js';
import * as attempts from './payment-attempt.repository.js';
import { canMove } from './payment-status.js';
import { findRefund, setRefundStatus } from './refund.repository.js';
import { recordMismatch } from './transfer-mismatch.js';
import { bankTerms, expectedTermsOf, termsMismatch } from './transfer-terms.js';

export type BankOutcome = 'pending' | 'settled' | 'rejected';

function outcomeOf(payment: BankPayment): BankOutcome {
  if (payment.status === 'completed') return 'settled';
  return payment.status === 'rejected' ? 'rejected' : 'pending';
}

async function lockedPaymentOf(deps: Deps, attempt: PaymentAttempt): Promise<Payment> {
  const payment = await findPaymentById(deps.db, attempt.paymentId, deps.engine);
  if (!payment) throw new Error(`payment ${attempt.paymentId} of attempt ${attempt.id} is gone`);
  return payment;
}

/**
 * What the bank moved differs from what the attempt's payment or refund asks: found at submission, or
 * now. Recorded (once) with the money, it keeps the payment from being marked paid or refunded.
 */
async function mismatchOf(deps: Deps, attempt: PaymentAttempt, payment: Payment, bank: BankPayment) {
  const mismatch =
    attempt.mismatch ?? termsMismatch(await expectedTermsOf(deps, attempt, payment), bankTerms(bank));
  if (mismatch) await recordMismatch(deps, attempt, payment, mismatch, bank.paymentId);
  return mismatch;
}

/** The customer's payment settled or was rejected at the bank. */
async function decidePayment(deps: Deps, attempt: PaymentAttempt, bank: BankPayment, outcome: BankOutcome) {
  const payment = await lockedPaymentOf(deps, attempt);
  const now = deps.clock.now().toISOString();
  const mismatch = await mismatchOf(deps, attempt, payment, bank);
  if (attempt.transactionId) {
    if (outcome === 'settled') await completeTransaction(deps, attempt.transactionId);
    else await rejectTransaction(deps, attempt.transactionId);
  }
  // Money moved on other terms pays nothing: a payment that went pending on them takes payment again.
  if (outcome === 'settled' && !mismatch) {
    if (!canMove(payment.status, 'settle')) {
      deps.log.warn({ paymentId: payment.id, status: payment.status }, 'bank settled a payment not pending');
      return;
    }
    await movePayment(deps, payment, 'settle', {
      completedAt: now,
      payerAccount: bank.debtor ? accountRefOf(attempt.provider, bank.debtor) : payment.payerAccount,
    });
    return;
  }
  if (canMove(payment.status, 'reject')) await movePayment(deps, payment, 'reject');
}

/** The merchant's refund left its account, or the bank refused it. */
async function decideRefund(deps: Deps, attempt: PaymentAttempt, bank: BankPayment, outcome: BankOutcome) {
  const payment = await lockedPaymentOf(deps, attempt);
  const refund = attempt.refundId ? await findRefund(deps.db, attempt.refundId) : undefined;
  if (!refund) throw new Error(`refund of attempt ${attempt.id} is gone`);
  const now = deps.clock.now().toISOString();
  // Money that left on other terms is on record as its transaction, but refunds nothing of the payment.
  const mismatch = await mismatchOf(deps, attempt, payment, bank);
  if (attempt.transactionId) {
    if (outcome === 'settled') await completeTransaction(deps, attempt.transactionId);
    else await rejectTransaction(deps, attempt.transactionId);
  }
  if (outcome === 'settled' && !mismatch) {
    await setRefundStatus(deps.db, refund.id, 'completed', { completed_at: now, updated_at: now });
    const refundedPence = payment.refundedPence + refund.amountPence;
    if (!canMove(payment.status, 'complete_refund')) {
      deps.log.warn({ paymentId: payment.id, status: payment.status }, 'bank settled a refund not started');
      return;
    }
    await movePayment(
      deps,
      payment,
      refundedPence >= payment.amountPence ? 'complete_refund' : 'complete_partial_refund',
      { refundedPence },
    );
    return;
  }
  await setRefundStatus(deps.db, refund.id, 'rejected', { updated_at: now });
  if (canMove(payment.status, 'reject_refund')) await movePayment(deps, payment, 'reject_refund');
}

/**
 * Applies the bank's answer about a submitted attempt; a no-op while the bank has not decided or when
 * another process already applied it. Answers the outcome.
 */
export async function applyBankPayment(
  deps: Deps,
  attempt: PaymentAttempt,
  bank: BankPayment,
): Promise<BankOutcome> {
  const outcome = outcomeOf(bank);
  if (outcome === 'pending') return outcome;
  await withTransaction(deps, async (tx) => {
    const claimed = await attempts.moveAttempt(tx.db, attempt.id, ['submitted'], {
      status: outcome === 'settled' ? 'settled' : 'rejected',
      updated_at: tx.clock.now().toISOString(),
    });
    if (!claimed) return;
    if (attempt.kind === 'refund') await decideRefund(tx, attempt, bank, outcome);
    else await decidePayment(tx, attempt, bank, outcome);
  });
  return outcome;
}

/** Asks the bank about a submitted attempt and applies the answer. */
export async function syncAttempt(deps: Deps, attempt: PaymentAttempt): Promise<BankOutcome> {
  if (attempt.status !== 'submitted' || !attempt.bankPaymentId) return 'pending';
  const bank = await deps.banks.get(attempt.provider).getPayment(attempt.bankPaymentId);
  return applyBankPayment(deps, attempt, bank);
}

/** The attempt of a payment the bank is working on now (the payment's own, or its refund's). */
export async function submittedAttemptOf(deps: Deps, paymentId: string): Promise<PaymentAttempt | undefined> {
  const [latest] = await attempts.attemptsOf(deps.db, paymentId, ['submitted']);
  return latest;
}
