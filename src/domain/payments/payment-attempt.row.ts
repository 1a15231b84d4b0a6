export interface PaymentAttemptTable {
  id: string;
  payment_id: string;
  refund_id: string | null;
  /** payment: the customer pays the merchant; refund: the merchant pays the customer back. */
  kind: string;
  provider: string;
  /** The OAuth2 state sent to the bank and echoed back on the return. */
  state: string;
  status: string;
  amount: number;
  consent_id: string | null;
  authorization_url: string | null;
  /** The bank's id of the payment once submitted. */
  bank_payment_id: string | null;
  transaction_id: string | null;
  /** JSON of what the bank moved when it differs from what was asked (see transfer-terms.ts). */
  mismatch: string | null;
  /** Why a declined authorisation was declined (payment-attempt.ts DeclineReason); null otherwise. */
  decline_reason?: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
  /** Status polling after submission (status-polling.ts): since when, next time, and when it gave up. */
  polling_since?: string | null;
  next_poll_at?: string | null;
  attention_at?: string | null;
}
