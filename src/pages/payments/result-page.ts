// What the result page says after the bank, from the attempt its state names and where its payment
// (or refund) stands now; with the way on to the merchant, or back to try again.
import type { Deps } from '../../context.js';
import { formatAmount } from '../../domain/money.js';
import { merchantAccountOf } from '../../domain/payments/merchant-account.js';
import { findPaymentById } from '../../domain/payments/payment.repository.js';
import type { AttemptStatus } from '../../domain/payments/payment-attempt.js';
import { findAttemptByState } from '../../domain/payments/payment-attempt.repository.js';
import { redirectAfterBank } from '../../domain/payments/payment-redirect.js';
import { PAYABLE } from '../../domain/payments/payment-status.js';
import { findRefund } from '../../domain/payments/refund.repository.js';
import { pounds } from './render.js';

export interface ResultPage {
  title: string;
  /** The attempt's status (data-status of the page), or not_found. */
  status: AttemptStatus | 'not_found';
  tone: 'ok' | 'error' | '';
  message: string;
  amount?: string;
  reference?: string;
  merchant?: string;
  continueUrl?: string | null;
  retryUrl?: string | null;
}

const PAYMENT_TEXT: Record<AttemptStatus, { title: string; tone: ResultPage['tone']; message: string }> = {
  settled: { title: 'Payment complete', tone: 'ok', message: 'Your payment has been made. Thank you.' },
  submitted: {
    title: 'Payment in progress',
    tone: '',
    message: 'Your bank has accepted the payment and is sending it. You can close this page.',
  },
  rejected: {
    title: 'Payment not made',
    tone: 'error',
    message: 'The payment was not approved at your bank, so no money has left your account.',
  },
  failed: {
    title: 'Payment not made',
    tone: 'error',
    message: 'The payment could not be completed; no money moved.',
  },
  expired: {
    title: 'Payment not made',
    tone: 'error',
    message: 'The approval at your bank took too long and has expired; no money moved.',
  },
  requesting: {
    title: 'Payment not made',
    tone: 'error',
    message: 'The payment was not completed at your bank.',
  },
  awaiting_authorisation: {
    title: 'Payment not made',
    tone: 'error',
    message: 'The payment was not completed at your bank.',
  },
  completing: {
    title: 'Payment in progress',
    tone: '',
    message: 'Your payment is being completed with your bank.',
  },
};

const REFUND_TEXT: Partial<
  Record<AttemptStatus, { title: string; tone: ResultPage['tone']; message: string }>
> = {
  settled: { title: 'Refund paid', tone: 'ok', message: 'The refund has left your account.' },
  submitted: {
    title: 'Refund in progress',
    tone: '',
    message: 'Your bank has accepted the refund and is sending it.',
  },
  rejected: {
    title: 'Refund not made',
    tone: 'error',
    message: 'The refund was not approved at your bank; no money moved.',
  },
};

export async function resultPageOf(deps: Deps, state: string): Promise<ResultPage> {
  const attempt = await findAttemptByState(deps.db, state);
  const payment = attempt ? await findPaymentById(deps.db, attempt.paymentId) : undefined;
  if (!attempt || !payment) {
    return {
      title: 'Link not valid',
      status: 'not_found',
      tone: 'error',
      message: 'There is no payment behind this page.',
    };
  }
  const merchant = (await merchantAccountOf(deps, payment)).displayName;
  const common = {
    status: attempt.status,
    amount: pounds(formatAmount(attempt.amountPence)),
    reference: payment.invoiceRefNumber,
    merchant,
  };
  if (attempt.kind === 'refund') {
    const refund = attempt.refundId ? await findRefund(deps.db, attempt.refundId) : undefined;
    const text = REFUND_TEXT[attempt.status] ?? {
      title: 'Refund not made',
      tone: 'error' as const,
      message: 'The refund was not completed; no money moved.',
    };
    const retry = refund?.status === 'awaiting_authorisation' ? `/rf?=${refund.linkToken}` : null;
    return { ...text, ...common, retryUrl: retry };
  }
  const redirect = await redirectAfterBank(deps, payment);
  const retry = PAYABLE.includes(payment.status) && payment.linkToken ? `/p?=${payment.linkToken}` : null;
  return { ...PAYMENT_TEXT[attempt.status], ...common, continueUrl: redirect.url, retryUrl: retry };
}
