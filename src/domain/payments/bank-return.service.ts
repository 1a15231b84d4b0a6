// The bank sends the payer back to `{PUBLIC_URL}/public/v1/return` with state and code and id_token, or
// error (API.md 9, 10.2); an id_token failing its checks counts as a decline.
// Approved: the code is exchanged, the payment submitted, the payment moves to `pending` with its
// transaction opened, then to `paid` or `rejected` as soon as the bank says. Declined: a payment ends
// `rejected` (its link can be used again), a refund `refund_rejected`. No money moves on a decline.
//
// Each step claims the attempt with a conditional status move, so a replayed or doubled return acts
// once; bank calls run between the short transactions, never inside one.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../../context.js';
import type { AuthorisationReturn } from '../../providers/authorisation-return.js';
import type { BankPayment } from '../../providers/bank-provider.js';
import { checkedReturn } from '../../providers/checked-return.js';
import { withTransaction } from '../../store/transaction.js';
import { openTransaction } from '../transactions/transaction.service.js';
import { RETURN_PATH } from './initiation.service.js';
import { linkRefusal } from './link-refusal.js';
import type { Payment } from './payment.js';
import { findPaymentById } from './payment.repository.js';
import { movePayment } from './payment.service.js';
import { type DeclineReason, declineReasonOf, type PaymentAttempt } from './payment-attempt.js';
import * as attempts from './payment-attempt.repository.js';
import { canMove } from './payment-status.js';
import { findRefund, setRefundStatus } from './refund.repository.js';
import { applyBankPayment, type BankOutcome, syncAttempt } from './settlement.service.js';
import { recordMismatch } from './transfer-mismatch.js';
import { bankTerms, expectedTermsOf, refundReference, termsMismatch } from './transfer-terms.js';

/** What became of the return, for the page or the redirect that follows. */
export interface ReturnOutcome {
  attempt: PaymentAttempt;
  /** null once the payment was deleted. */
  payment: Payment | null;
}

/** Answers a return it recognises by its state; undefined for another's state. */
export type ReturnHandler = (deps: Deps, back: AuthorisationReturn) => Promise<ReturnOutcome | undefined>;

// The bank usually settles within a moment: the payer waits this long for `paid` before the page shows
// `pending` (the sync job picks it up later).
const SETTLEMENT_POLLS_MS = [0, 250, 500];

const now = (deps: Deps) => deps.clock.now().toISOString();
const returnUri = (deps: Deps) => `${deps.config.publicUrl}${RETURN_PATH}`;

type ApprovedReturn = Extract<AuthorisationReturn, { outcome: 'approved' }>;

/** The attempt's payment, locked; undefined once deleted. */
async function lockedPayment(deps: Deps, attempt: PaymentAttempt): Promise<Payment | undefined> {
  return findPaymentById(deps.db, attempt.paymentId, deps.engine);
}

/** The payer declined at the bank, or the bank declined the authorisation (`reason`). */
async function decline(deps: Deps, attempt: PaymentAttempt, reason: DeclineReason): Promise<void> {
  await withTransaction(deps, async (tx) => {
    const payment = await lockedPayment(tx, attempt);
    const from = ['awaiting_authorisation'] as const;
    const declined = { status: 'rejected' as const, decline_reason: reason, updated_at: now(tx) };
    if (!(await attempts.moveAttempt(tx.db, attempt.id, from, declined))) return;
    if (!payment) return;
    if (attempt.kind === 'refund') {
      const refund = attempt.refundId ? await findRefund(tx.db, attempt.refundId) : undefined;
      if (refund?.status !== 'awaiting_authorisation' || !canMove(payment.status, 'reject_refund')) return;
      await setRefundStatus(tx.db, refund.id, 'rejected', { updated_at: now(tx) });
      await movePayment(tx, payment, 'reject_refund');
      return;
    }
    // The state machine knows a bank's rejection of a pending payment: the customer's answer at the bank
    // is the bank's answer to the authorisation, so the payment goes through pending to rejected.
    if (payment.status === 'sent' || payment.status === 'overdue') {
      await movePayment(tx, await movePayment(tx, payment, 'authorise'), 'reject');
    }
  });
}

/** Whether the attempt may still move money: its payment (or refund) waits for exactly this. */
async function stillWanted(
  deps: Deps,
  attempt: PaymentAttempt,
  payment: Payment | undefined,
): Promise<boolean> {
  if (!payment) return false;
  if (attempt.kind === 'refund') {
    const refund = attempt.refundId ? await findRefund(deps.db, attempt.refundId) : undefined;
    return refund?.status === 'awaiting_authorisation' && payment.status === 'refund_started';
  }
  if (!canMove(payment.status, 'authorise')) return false;
  // Two tabs, two banks: only one authorisation of a payment may be submitted.
  const busy = await attempts.attemptsOf(deps.db, payment.id, ['completing', 'submitted']);
  return busy.every((other) => other.id === attempt.id);
}

/** Claims an approved attempt for submission (awaiting_authorisation -> completing), or closes it. */
async function claimForSubmission(deps: Deps, attempt: PaymentAttempt): Promise<boolean> {
  return withTransaction(deps, async (tx) => {
    const payment = await lockedPayment(tx, attempt);
    const from = ['awaiting_authorisation'] as const;
    if (Date.parse(attempt.expiresAt) < tx.clock.now().getTime()) {
      await attempts.moveAttempt(tx.db, attempt.id, from, { status: 'expired', updated_at: now(tx) });
      return false;
    }
    // A payment (not a refund, which pays money back) is not taken once its company may no longer take
    // payments, its account is disabled or its integration deleted: nothing has been submitted yet.
    const refused = attempt.kind === 'payment' && payment ? await linkRefusal(tx, payment) : undefined;
    if (!payment || refused || !(await stillWanted(tx, attempt, payment))) {
      await attempts.moveAttempt(tx.db, attempt.id, from, { status: 'failed', updated_at: now(tx) });
      return false;
    }
    // The consent was asked for another amount than the payment (or refund) now wants: submitting it
    // would move the wrong money, so the authorisation is void and the link is used again.
    if ((await expectedTermsOf(tx, attempt, payment)).amount !== attempt.amountPence) {
      await attempts.moveAttempt(tx.db, attempt.id, from, { status: 'voided', updated_at: now(tx) });
      return false;
    }
    return attempts.moveAttempt(tx.db, attempt.id, from, { status: 'completing', updated_at: now(tx) });
  });
}

/** The bank took the payment: pending, with its transaction opened (incoming, or outgoing for a refund). */
async function recordSubmission(
  deps: Deps,
  attempt: PaymentAttempt,
  bank: BankPayment,
): Promise<PaymentAttempt> {
  return withTransaction(deps, async (tx) => {
    const payment = await lockedPayment(tx, attempt);
    if (!payment) throw new Error(`payment ${attempt.paymentId} was deleted while its money moved`);
    const mismatch = termsMismatch(await expectedTermsOf(tx, attempt, payment), bankTerms(bank));
    // The transaction is what the bank moved, whether or not it is what was asked.
    const transaction = await openTransaction(tx, {
      companyId: payment.companyId,
      integrationId: payment.integrationId,
      parentType: 'Payment',
      parentId: payment.id,
      direction: attempt.kind === 'refund' ? 'outgoing' : 'incoming',
      amountPence: bank.amount,
      reference:
        bank.reference ?? (attempt.kind === 'refund' ? refundReference(payment) : payment.invoiceRefNumber),
      externalRef: bank.paymentId,
      isSandbox: payment.isSandbox,
      dataApiCheckStatus: payment.dataApiCheckStatus,
    });
    const at = now(tx);
    await attempts.moveAttempt(tx.db, attempt.id, ['completing'], {
      status: 'submitted',
      bank_payment_id: bank.paymentId,
      transaction_id: transaction.id,
      updated_at: at,
    });
    const recorded: PaymentAttempt = {
      ...attempt,
      status: 'submitted',
      bankPaymentId: bank.paymentId,
      transactionId: transaction.id,
      mismatch,
    };
    if (mismatch) {
      // Not what was asked: the payment stays unpaid (its link usable), the refund never completes
      // (settlement.service.ts), and the merchant hears of it.
      await recordMismatch(tx, recorded, payment, mismatch, bank.paymentId);
    }
    if (attempt.kind === 'refund') {
      if (attempt.refundId) {
        await setRefundStatus(tx.db, attempt.refundId, 'submitted', {
          transaction_id: transaction.id,
          updated_at: at,
        });
      }
    } else if (mismatch) {
      return recorded;
    } else if (canMove(payment.status, 'authorise')) {
      await movePayment(tx, payment, 'authorise');
    } else {
      // Cancelled in the moment between the claim and the bank's answer: the money is on its way all
      // the same, so the transaction stays on record for the merchant to settle by hand.
      tx.log.warn(
        { paymentId: payment.id, status: payment.status },
        'payment submitted after it stopped being payable',
      );
    }
    return recorded;
  });
}

/**
 * Exchanges the code of the bank's answer (null: a repeat), submits the payment at the bank, records
 * it. A failure leaves the link usable.
 */
export async function submitAttempt(
  deps: Deps,
  attempt: PaymentAttempt,
  answer: ApprovedReturn | null,
): Promise<PaymentAttempt> {
  const bank = deps.banks.get(attempt.provider);
  const consentId = attempt.consentId as string;
  const code = answer?.code ?? null;
  let submitted: BankPayment;
  try {
    if (answer !== null) {
      await bank.completeAuthorisation({ consentId, redirectUri: returnUri(deps), ...answer });
    }
    // The attempt's id is the idempotency key: a repeat (the sync job after a crash) finds the same payment.
    submitted = await bank.submitPayment({ consentId, idempotencyKey: attempt.id });
  } catch (err) {
    // Only a fresh submission gives up: a repeat may have reached the bank before, so it is left to retry.
    if (code !== null)
      await attempts.moveAttempt(deps.db, attempt.id, ['completing'], {
        status: 'failed',
        updated_at: now(deps),
      });
    throw err;
  }
  const recorded = await recordSubmission(deps, attempt, submitted);
  await applyBankPayment(deps, recorded, submitted);
  return recorded;
}

/** Waits briefly for the bank to settle, so that the payer mostly sees the final status. */
async function settleSoon(deps: Deps, attempt: PaymentAttempt): Promise<void> {
  let outcome: BankOutcome = 'pending';
  for (const wait of SETTLEMENT_POLLS_MS) {
    if (wait > 0) await sleep(wait);
    const current = await attempts.findAttempt(deps.db, attempt.id);
    if (current?.status !== 'submitted') return;
    try {
      outcome = await syncAttempt(deps, current);
    } catch (err) {
      deps.log.warn({ err, attemptId: attempt.id }, 'bank status not available yet');
      return;
    }
    if (outcome !== 'pending') return;
  }
}

/** The return of a single payment or refund attempt. */
export const completeAttemptReturn: ReturnHandler = async (deps, given) => {
  const attempt = await attempts.findAttemptByState(deps.db, given.state);
  if (!attempt) return undefined;
  if (attempt.status === 'awaiting_authorisation') {
    const bank = deps.banks.get(attempt.provider);
    const back = await checkedReturn(bank, deps.log, attempt.consentId as string, returnUri(deps), given);
    if (back.outcome === 'rejected') await decline(deps, attempt, declineReasonOf(back.error));
    else if (await claimForSubmission(deps, attempt)) {
      await settleSoon(deps, await submitAttempt(deps, { ...attempt, status: 'completing' }, back));
    }
  }
  // A replayed return only shows where things stand.
  const current = (await attempts.findAttempt(deps.db, attempt.id)) ?? attempt;
  const payment = await findPaymentById(deps.db, attempt.paymentId);
  return { attempt: current, payment: payment ?? null };
};

/** Every kind of return; recurring payments add theirs here. */
export const RETURN_HANDLERS: ReturnHandler[] = [completeAttemptReturn];
