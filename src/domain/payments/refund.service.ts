// Refunds (spec 4.A RefundRequest): full or partial, to the payer's account as the bank told it or to
// payeeAccountInfo. The merchant then authorises the outgoing payment at its bank through the refund
// link. The payment row is locked while a refund starts and only one refund is under way at a time
// (refund_started admits no second start), so refunds never add up to more than was paid, however
// many requests race.
import type { Deps } from '../../context.js';
import { withTransaction } from '../../store/transaction.js';
import { DomainError, invalid } from '../errors.js';
import { newId, newToken } from '../ids.js';
import { formatAmount } from '../money.js';
import type { AccountRef, Payment, PaymentAction } from './payment.js';
import type { PaymentScope } from './payment.repository.js';
import { listActions } from './payment.repository.js';
import { lockedPayment, movePayment } from './payment.service.js';
import { InputCheck } from './payment-input.js';
import { assertTransition } from './payment-status.js';
import type { Refund, RefundInput } from './refund.js';
import { insertRefund, latestRefundOf } from './refund.repository.js';

export interface RefundResult {
  payment: Payment;
  refund: Refund;
  actions: PaymentAction[];
}

function checkPayee(check: InputCheck, info: NonNullable<RefundInput['payeeAccountInfo']>) {
  const name = (info.name ?? '').trim();
  if (name === '') check.fail('/payeeAccountInfo/name', 'is required: the account holder’s name');
  if (!/^[0-9]{8}$/.test(info.externalAccountId ?? ''))
    check.fail('/payeeAccountInfo/externalAccountId', 'must be the 8-digit account number');
  if (!/^[0-9]{6}$/.test(info.identification ?? ''))
    check.fail('/payeeAccountInfo/identification', 'must be the 6-digit sort code');
  const email = check.email('/payeeAccountInfo/email', info.email);
  const payee: AccountRef = {
    provider: 'other',
    externalAccountId: info.externalAccountId ?? '',
    identification: info.identification ?? '',
    name,
  };
  return { payee, email };
}

/** Starts a refund of a paid (or partly refunded) payment: `refund_started`, with a refund link. */
export async function refundPayment(
  deps: Deps,
  scope: PaymentScope,
  id: string,
  input: RefundInput,
): Promise<RefundResult> {
  return withTransaction(deps, async (tx) => {
    const payment = await lockedPayment(tx, scope, id);
    const check = new InputCheck();
    const requested =
      input.amount === undefined ? undefined : check.amount('/amount', input.amount, deps.config);
    const given = input.payeeAccountInfo ? checkPayee(check, input.payeeAccountInfo) : undefined;
    check.done();
    assertTransition(payment.status, 'start_refund');
    const left = payment.amountPence - payment.refundedPence;
    const amount = requested ?? left;
    if (amount > left) {
      throw invalid(
        '/amount',
        `must be at most ${formatAmount(left)}, what is left to refund of this payment`,
      );
    }
    const payee = given?.payee ?? payment.payerAccount;
    if (!payee) {
      throw new DomainError(
        'invalid_state',
        'the bank did not tell which account paid: give payeeAccountInfo to say where the refund goes',
      );
    }
    const at = tx.clock.now().toISOString();
    const refund: Refund = {
      id: newId(),
      paymentId: payment.id,
      companyId: payment.companyId,
      amountPence: amount,
      status: 'awaiting_authorisation',
      linkToken: newToken(),
      payee,
      payeeEmail: given?.email ?? null,
      transactionId: null,
      createdAt: at,
      updatedAt: at,
      completedAt: null,
    };
    await insertRefund(tx.db, refund);
    const moved = await movePayment(tx, payment, 'start_refund');
    return { payment: moved, refund, actions: await listActions(tx.db, payment.id) };
  });
}

/** The latest refund of a payment, if it has one (group D shows its link and transaction). */
export async function latestRefund(deps: Deps, paymentId: string): Promise<Refund | undefined> {
  return latestRefundOf(deps.db, paymentId);
}
