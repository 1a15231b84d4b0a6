// What the result page says after the bank, from the attempt its state names and where its payment
// (or refund) stands now; with the way on to the merchant, or back to try again. In the customer's
// language: the page keeps the catalogue's keys and the template reads the words.
import type { Deps } from '../../context.js';
import { formatMoney, formatSortCode } from '../../domain/formats.js';
import { merchantAccountOf } from '../../domain/payments/merchant-account.js';
import { findPaymentById } from '../../domain/payments/payment.repository.js';
import type { AttemptStatus, PaymentAttempt } from '../../domain/payments/payment-attempt.js';
import { findAttemptByState } from '../../domain/payments/payment-attempt.repository.js';
import { redirectAfterBank } from '../../domain/payments/payment-redirect.js';
import { PAYABLE } from '../../domain/payments/payment-status.js';
import { findRefund } from '../../domain/payments/refund.repository.js';
import type { Messages } from '../i18n/en.js';
import type { TextKey } from './bank-choice.js';

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
  /** A refund: the bank it was paid from. */
  sourceBank?: string;
  /** Why it was not made (data-reason): bank_refused, customer_cancelled, bank_declined, bank_mismatch. */
  reason?: string;
  continueUrl?: string | null;
  retryUrl?: string | null;
}

type Text = { title: TextKey; tone: ResultPage['tone']; message: TextKey };

const PAYMENT_TEXT: Record<AttemptStatus, Text> = {
  settled: { title: 'paymentComplete', tone: 'ok', message: 'paymentCompleteText' },
  submitted: { title: 'paymentInProgress', tone: '', message: 'paymentSubmittedText' },
  rejected: { title: 'paymentNotMade', tone: 'error', message: 'paymentNotApprovedText' },
  voided: { title: 'paymentNotMade', tone: 'error', message: 'paymentVoidedText' },
  failed: { title: 'paymentNotMade', tone: 'error', message: 'paymentFailedText' },
  expired: { title: 'paymentNotMade', tone: 'error', message: 'paymentExpiredText' },
  requesting: { title: 'paymentNotMade', tone: 'error', message: 'paymentNotCompletedText' },
  awaiting_authorisation: { title: 'paymentNotMade', tone: 'error', message: 'paymentNotCompletedText' },
  completing: { title: 'paymentInProgress', tone: '', message: 'paymentCompletingText' },
};

const REFUND_TEXT: Partial<Record<AttemptStatus, Text>> = {
  settled: { title: 'refundComplete', tone: 'ok', message: 'refundCompleteText' },
  submitted: { title: 'refundInProgress', tone: '', message: 'refundSubmittedText' },
  rejected: { title: 'refundNotMadeTitle', tone: 'error', message: 'refundNotApprovedText' },
};
const REFUND_NOT_MADE: Text = {
  title: 'refundNotMadeTitle',
  tone: 'error',
  message: 'refundNotCompletedText',
};

type Reasoned = Text & { reason: string };

// The bank refused the payment it was given (after the payer approved it).
const BANK_REFUSED: Record<'payment' | 'refund', Reasoned> = {
  payment: { title: 'paymentRefused', tone: 'error', message: 'paymentRefusedText', reason: 'bank_refused' },
  refund: { title: 'refundRefused', tone: 'error', message: 'refundRefusedText', reason: 'bank_refused' },
};

// The payer cancelled at the bank: their choice, said as such, not as a failure of the bank.
const CANCELLED: Record<'payment' | 'refund', Reasoned> = {
  payment: {
    title: 'paymentCancelled',
    tone: 'error',
    message: 'paymentCancelledText',
    reason: 'customer_cancelled',
  },
  refund: {
    title: 'refundNotMadeTitle',
    tone: 'error',
    message: 'refundCancelledText',
    reason: 'customer_cancelled',
  },
};

// The bank declined the authorisation itself (an error answer, or one that failed its checks).
const BANK_DECLINED: Record<'payment' | 'refund', Reasoned> = {
  payment: {
    title: 'paymentBankDeclined',
    tone: 'error',
    message: 'paymentBankDeclinedText',
    reason: 'bank_declined',
  },
  refund: {
    title: 'refundNotMadeTitle',
    tone: 'error',
    message: 'refundNotApprovedText',
    reason: 'bank_declined',
  },
};

const MISMATCHED: Record<'payment' | 'refund', Reasoned> = {
  payment: {
    title: 'paymentMismatch',
    tone: 'error',
    message: 'paymentMismatchText',
    reason: 'bank_mismatch',
  },
  refund: { title: 'refundMismatch', tone: 'error', message: 'refundMismatchText', reason: 'bank_mismatch' },
};

/** What the page says of an attempt that was refused, cancelled or moved other terms, if so. */
function exceptionalText(attempt: PaymentAttempt): Reasoned | undefined {
  if (attempt.mismatch) return MISMATCHED[attempt.kind];
  if (attempt.status !== 'rejected') return undefined;
  if (attempt.bankPaymentId) return BANK_REFUSED[attempt.kind];
  if (attempt.declineReason === 'customer_cancelled') return CANCELLED[attempt.kind];
  if (attempt.declineReason === 'bank_declined') return BANK_DECLINED[attempt.kind];
  return undefined;
}

const worded = (t: Messages, text: Text | Reasoned) => ({
  title: t[text.title],
  tone: text.tone,
  message: t[text.message],
  ...('reason' in text ? { reason: text.reason } : {}),
});

/** The last four digits ("account ending 4321"): enough to know the account, not enough to use it. */
export const maskedAccount = (accountNumber: string) => accountNumber.slice(-4);

export async function resultPageOf(deps: Deps, state: string, t: Messages): Promise<ResultPage> {
  const attempt = await findAttemptByState(deps.db, state);
  const payment = attempt ? await findPaymentById(deps.db, attempt.paymentId) : undefined;
  if (!attempt || !payment) {
    return { title: t.linkNotValid, status: 'not_found', tone: 'error', message: t.noPaymentBehind };
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
    const text = exceptional ?? REFUND_TEXT[attempt.status] ?? REFUND_NOT_MADE;
    const retry = refund?.status === 'awaiting_authorisation' ? `/rf?=${refund.linkToken}` : null;
    // A refund's money goes back to the customer: the account it went to, masked, and the bank it left.
    const payee = refund
      ? {
          payee: t.refundAccount(
            refund.payee.name,
            formatSortCode(refund.payee.identification),
            maskedAccount(refund.payee.externalAccountId),
          ),
          payeeLabel: paid ? t.refundedTo : t.refundTo,
          sourceBank: deps.banks.providers.get(attempt.provider)?.name ?? attempt.provider,
        }
      : {};
    return { ...worded(t, text), ...common, ...payee, retryUrl: retry };
  }
  const redirect = await redirectAfterBank(deps, payment);
  const retry = PAYABLE.includes(payment.status) && payment.linkToken ? `/p?=${payment.linkToken}` : null;
  return {
    ...worded(t, exceptional ?? PAYMENT_TEXT[attempt.status]),
    ...common,
    payee: merchant,
    payeeLabel: paid ? t.paidTo : t.payee,
    continueUrl: redirect.url,
    retryUrl: retry,
  };
}
