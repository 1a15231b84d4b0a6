// What the result page says after the bank, from the attempt its state names and where its payment
// (or refund) stands now; with the way on to the merchant, or back to try again.
import type { Deps } from '../../context.js';
import { formatMoney } from '../../domain/formats.js';
import { merchantAccountOf } from '../../domain/payments/merchant-account.js';
import { findPaymentById } from '../../domain/payments/payment.repository.js';
import type { AttemptStatus, PaymentAttempt } from '../../domain/payments/payment-attempt.js';
import { findAttemptByState } from '../../domain/payments/payment-attempt.repository.js';
import { redirectAfterBank } from '../../domain/payments/payment-redirect.js';
import { PAYABLE } from '../../domain/payments/payment-status.js';
import { findRefund } from '../../domain/payments/refund.repository.js';

export interface ResultPage {
  title: string;
  /** The attempt's status (data-status of the page), or not_found. */
  status: AttemptStatus | 'not_found';
  tone: 'ok' | 'error' | '';
  message: string;
  amount?: string;
  reference?: string;
  /** The merchant's name, for the way on to its site. */
  merchant?: string;
  /** Who the money goes to, and how the page says so ("Paid to" only once it is paid). */
  payee?: string;
  payeeLabel?: string;
  /** Why it was not made, when the bank refused it (data-reason). */
  reason?: string;
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
  voided: {
    title: 'Payment not made',
    tone: 'error',
    message:
      'The payment request changed while you were at your bank, so nothing was taken. Please check the new details and try again.',
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

type Text = { title: string; tone: ResultPage['tone']; message: string };

// The payer declined at the bank (no bank payment), or the bank refused the payment it was given.
const BANK_REFUSED: Record<'payment' | 'refund', Text> = {
  payment: {
    title: 'Payment refused by your bank',
    tone: 'error',
    message:
      'You approved the payment, but your bank did not make it, for example because there was not enough money in the account. No money has left your account; you can try again.',
  },
  refund: {
    title: 'Refund refused by your bank',
    tone: 'error',
    message:
      'You approved the refund, but your bank did not make it, for example because there was not enough money in the account. No money has left your account.',
  },
};

const MISMATCHED: Record<'payment' | 'refund', Text> = {
  payment: {
    title: 'Payment needs checking',
    tone: 'error',
    message:
      'Your bank made a payment that does not match this request, so it is not marked as paid. The merchant has been told and will sort it out with you.',
  },
  refund: {
    title: 'Refund needs checking',
    tone: 'error',
    message:
      'Your bank made a payment that does not match this refund, so the refund is not marked as made. It has been recorded for you to sort out.',
  },
};

/** What the page says of an attempt whose bank refused it or moved other terms, if that is its case. */
function exceptionalText(attempt: PaymentAttempt): (Text & { reason: string }) | undefined {
  if (attempt.mismatch) return { ...MISMATCHED[attempt.kind], reason: 'bank_mismatch' };
  if (attempt.status === 'rejected' && attempt.bankPaymentId)
    return { ...BANK_REFUSED[attempt.kind], reason: 'bank_refused' };
  return undefined;
}

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
  const paid = attempt.status === 'settled' && !attempt.mismatch;
  const common = {
    status: attempt.status,
    amount: formatMoney(attempt.amountPence),
    reference: payment.invoiceRefNumber,
    merchant,
  };
  const exceptional = exceptionalText(attempt);
  if (attempt.kind === 'refund') {
    const refund = attempt.refundId ? await findRefund(deps.db, attempt.refundId) : undefined;
    const text = exceptional ??
      REFUND_TEXT[attempt.status] ?? {
        title: 'Refund not made',
        tone: 'error' as const,
        message: 'The refund was not completed; no money moved.',
      };
    const retry = refund?.status === 'awaiting_authorisation' ? `/rf?=${refund.linkToken}` : null;
    // A refund's money goes back to the customer, not to the merchant.
    const payee = refund ? { payee: refund.payee.name, payeeLabel: paid ? 'Refunded to' : 'Refund to' } : {};
    return { ...text, ...common, ...payee, retryUrl: retry };
  }
  const redirect = await redirectAfterBank(deps, payment);
  const retry = PAYABLE.includes(payment.status) && payment.linkToken ? `/p?=${payment.linkToken}` : null;
  return {
    ...(exceptional ?? PAYMENT_TEXT[attempt.status]),
    ...common,
    payee: merchant,
    payeeLabel: paid ? 'Paid to' : 'Payee',
    continueUrl: redirect.url,
    retryUrl: retry,
  };
}
