export interface RefundTable {
  id: string;
  payment_id: string;
  company_id: string;
  amount: number;
  status: string;
  /** The token of the refund link `{PUBLIC_URL}/rf?=<token>`. */
  link_token: string;
  /** JSON AccountRef the money goes to. */
  payee: string;
  payee_email: string | null;
  transaction_id: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}
