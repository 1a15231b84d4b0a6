// One trip to the bank to move the money of a payment (the customer pays) or of a refund (the merchant
// pays back): a payment consent, the payer's authorisation at the bank, the submitted bank payment.
import type { BankTermsMismatch } from './transfer-terms.js';

export const ATTEMPT_STATUSES = [
  /** The service is asking the bank for the consent. */
  'requesting',
  /** The payer is at the bank's authorisation page. */
  'awaiting_authorisation',
  /** Back from the bank with a code: exchanging it and submitting the payment. */
  'completing',
  /** The bank took the payment and has not settled or rejected it yet. */
  'submitted',
  'settled',
  /** The payer declined at the bank, or the bank rejected the payment. */
  'rejected',
  /** Nothing reached the bank as a payment (a bank error, or the payment was no longer payable). */
  'failed',
  /** The merchant changed the payment while the payer was at the bank: this authorisation is void. */
  'voided',
  /** The payer did not come back in time. */
  'expired',
] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export type AttemptKind = 'payment' | 'refund';

/**
 * Why the authorisation came back declined: the payer cancelled at the bank (OAuth2 `access_denied`),
 * or the bank declined it (any other error, or an answer that failed its id_token check).
 */
export type DeclineReason = 'customer_cancelled' | 'bank_declined';

export function declineReasonOf(oauthError: string): DeclineReason {
  return oauthError === 'access_denied' ? 'customer_cancelled' : 'bank_declined';
}

export interface PaymentAttempt {
  id: string;
  paymentId: string;
  refundId: string | null;
  kind: AttemptKind;
  provider: string;
  state: string;
  status: AttemptStatus;
  amountPence: number;
  consentId: string | null;
  authorizationUrl: string | null;
  bankPaymentId: string | null;
  transactionId: string | null;
  /** What the bank moved, when it is not what was asked: never marks anything paid. */
  mismatch: BankTermsMismatch | null;
  /** Set when the authorisation was declined (status rejected without a bank payment). */
  declineReason: DeclineReason | null;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}

/** How long a payer has at the bank before the authorisation link stops counting. */
export const ATTEMPT_TTL_MS = 60 * 60 * 1000;
