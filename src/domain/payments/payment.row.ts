import type { Generated } from 'kysely';

export interface PaymentTable {
  id: string;
  company_id: string;
  integration_id: string;
  bank_account_id: string;
  status: string;
  invoice_ref: string;
  amount: number;
  currency: string;
  customer_name: string | null;
  customer_email: string | null;
  /** JSON array of e-mail addresses */
  customer_email_cc: string;
  due_date: string | null;
  attachment_url: string | null;
  custom_redirect_url: string | null;
  type: string;
  data_api_check_status: string;
  last_data_api_check_at: string | null;
  link_token: string | null;
  refunded_amount: number;
  /** JSON AccountRef of the payer, once the bank tells */
  payer_account: string | null;
  is_sandbox: number;
  recurring_payment_id: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  deleted_at: string | null;
  /** The merchant-account credit that confirmed the payment (data-API check). */
  data_api_credit_id?: string | null;
}

export interface PaymentActionTable {
  id: string;
  payment_id: string;
  action: string;
  created_at: string;
  /** JSON PaymentSnapshot */
  snapshot: string;
  /** The action's place in its payment's history (1, 2, ...); set when inserted. */
  seq: Generated<number>;
}

/** Live (not deleted) payments of one company and integration: what a list counts (migration 0011). */
export interface PaymentCountTable {
  company_id: string;
  integration_id: string;
  /** 0-15: one of the rows whose sum is the count (so that concurrent writers rarely share one). */
  slot: number;
  /** May be negative in one slot (a delete picks its slot at random too); the sum is the count. */
  live: number;
}
