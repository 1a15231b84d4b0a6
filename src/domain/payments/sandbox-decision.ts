// Sandbox controls (API.md 9.1): the sandbox bank settles or rejects the payment it is working on for
// a payment (its own, or its refund's) now, and the payment follows at once.
import type { Deps } from '../../context.js';
import { SANDBOX_PROVIDER_ID } from '../../providers/providers.js';
import { rejectBankPayment, sandboxBankOf, settleBankPayment } from '../../providers/sandbox-bank/index.js';
import { DomainError, notFound } from '../errors.js';
import { isId } from '../ids.js';
import type { PaymentStatus } from './payment.js';
import { findPaymentById } from './payment.repository.js';
import { submittedAttemptOf, syncAttempt } from './settlement.service.js';

export async function decideAtSandboxBank(
  deps: Deps,
  paymentId: string,
  decision: 'settle' | 'reject',
): Promise<PaymentStatus> {
  const payment = isId(paymentId) ? await findPaymentById(deps.db, paymentId) : undefined;
  if (!payment) throw notFound('payment');
  const attempt = await submittedAttemptOf(deps, payment.id);
  if (!attempt?.bankPaymentId || attempt.provider !== SANDBOX_PROVIDER_ID) {
    throw new DomainError(
      'invalid_state',
      `the sandbox bank has no payment in process for this payment (status ${payment.status})`,
    );
  }
  const bank = sandboxBankOf(deps);
  if (decision === 'settle') await settleBankPayment(bank, attempt.bankPaymentId);
  else await rejectBankPayment(bank, attempt.bankPaymentId);
  await syncAttempt(deps, attempt);
  const after = await findPaymentById(deps.db, payment.id);
  return after?.status ?? payment.status;
}
