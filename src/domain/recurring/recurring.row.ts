import type { Generated } from 'kysely';

export interface RecurringPaymentTable {
  id: string;
  company_id: string;
  integration_id: string;
  bank_account_id: string;
  status: string;
  reference: string;
  /** Pence of every regular payment. */
  amount: number;
  currency: string;
  first_payment_date: string;
  /** 0: until cancelled. */
  number_of_payments: number;
  frequency: string;
  customer_name: string | null;
  customer_email: string | null;
  /** JSON array of e-mail addresses */
  customer_email_cc: string;
  link_token: string | null;
  is_sandbox: number;
  /** The bank the customer set the standing order up at, and the bank's id of it. */
  provider: string | null;
  standing_order_id: string | null;
  /** When the tracker last read the standing order at the bank. */
  last_checked_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface RecurringItemTable {
  id: string;
  recurring_payment_id: string;
  /** 0 is the first payment. */
  item_index: number;
  amount: number;
  status: string;
  expected_date: string;
  completed_at: string | null;
  /** The bank's id of the standing-order payment that paid (or failed) it. */
  bank_payment_id: string | null;
  /** The credit seen in the merchant's account through account information. */
  account_transaction_id: string | null;
  /** Our incoming transaction, once paid. */
  transaction_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface RecurringActionTable {
  id: string;
  recurring_payment_id: string;
  action: string;
  created_at: string;
  /** JSON RecurringSnapshot */
  snapshot: string;
  /** The action's place in its payment's history (1, 2, ...); set when inserted. */
  seq: Generated<number>;
}

export interface RecurringAuthorisationTable {
  id: string;
  recurring_payment_id: string;
  /** 'initial_payment' or 'standing_order'. */
  step: string;
  provider: string;
  state: string;
  consent_id: string | null;
  authorization_url: string | null;
  /** requesting, awaiting_authorisation, completing, completed, rejected, failed. */
  status: string;
  /** JSON of the standing order the bank set up when it differs from what was asked. */
  mismatch: string | null;
  created_at: string;
  updated_at: string;
}
