// The sandbox bank's own tables: its ledger (customers, accounts, booked transactions), its OAuth2 state
// and its Open Banking resources. Money is integer pence; times ISO 8601 UTC text.

export interface SandboxCustomerTable {
  id: string;
  name: string;
  /** 'personal' (demo customers and those made through the controls) or 'business' (opened by a credit). */
  kind: string;
  created_at: string;
}

export interface SandboxAccountTable {
  /** The Open Banking AccountId. */
  id: string;
  customer_id: string;
  sort_code: string;
  account_number: string;
  name: string;
  currency: string;
  balance: number;
  created_at: string;
}

export interface SandboxTransactionTable {
  id: string;
  account_id: string;
  /** 'Credit' or 'Debit'. */
  credit_debit: string;
  amount: number;
  balance_after: number;
  booked_at: string;
  reference: string | null;
  information: string;
  counterparty_name: string | null;
  counterparty_sort_code: string | null;
  counterparty_account_number: string | null;
  /** The domestic payment or standing-order payment that booked it; null for an opening balance. */
  payment_id: string | null;
  created_at: string;
}

export interface SandboxConsentTable {
  id: string;
  /** 'domestic-payment', 'standing-order' or 'account-access'. */
  kind: string;
  client_id: string;
  /** Open Banking consent status. */
  status: string;
  /** The request's Data object as sent (JSON). */
  data: string;
  /** The request's Risk object (JSON). */
  risk: string;
  /** The customer who authorised it. */
  customer_id: string | null;
  /** Payments: the account the customer pays from. */
  debtor_account_id: string | null;
  /** Account access: the account ids granted (JSON array). */
  account_ids: string | null;
  /** Account access: ExpirationDateTime. */
  expires_at: string | null;
  created_at: string;
  status_updated_at: string;
}

export interface SandboxTokenTable {
  /** SHA-256 of the token: access token, refresh token or authorization code. */
  token_hash: string;
  /** 'access', 'refresh' or 'code'. */
  kind: string;
  client_id: string;
  /** Space-separated scopes. */
  scope: string;
  consent_id: string | null;
  /** Codes: the redirect_uri the code was issued for. */
  redirect_uri: string | null;
  expires_at: string | null;
  used_at: string | null;
  created_at: string;
  /** SHA-256 (base64url) of the client certificate the token was issued to (x5t#S256). */
  cert_thumbprint: string | null;
  /** Codes: the nonce of the authorisation, repeated in the token endpoint's id_token. */
  nonce: string | null;
}

export interface SandboxPaymentTable {
  /** DomesticPaymentId. */
  id: string;
  consent_id: string;
  client_id: string;
  status: string;
  debtor_account_id: string;
  creditor_sort_code: string;
  creditor_account_number: string;
  creditor_name: string;
  amount: number;
  reference: string | null;
  /** Why it was rejected. */
  reason: string | null;
  created_at: string;
  status_updated_at: string;
}

export interface SandboxStandingOrderTable {
  /** DomesticStandingOrderId. */
  id: string;
  consent_id: string;
  client_id: string;
  status: string;
  debtor_account_id: string;
  creditor_sort_code: string;
  creditor_account_number: string;
  creditor_name: string;
  reference: string | null;
  /** The Open Banking Frequency code. */
  frequency: string;
  first_payment_at: string;
  recurring_payment_at: string | null;
  final_payment_at: string | null;
  number_of_payments: number | null;
  first_amount: number;
  recurring_amount: number;
  final_amount: number | null;
  /** Index (0-based) of the next payment of the schedule, and its date; null date once finished. */
  next_index: number;
  next_payment_at: string | null;
  /** How many of the coming payments must fail (sandbox control). */
  fail_next: number;
  created_at: string;
  status_updated_at: string;
}

export interface SandboxStandingOrderPaymentTable {
  /** PaymentTransactionId. */
  id: string;
  standing_order_id: string;
  payment_index: number;
  scheduled_at: string;
  amount: number;
  status: string;
  reason: string | null;
  created_at: string;
}

export interface SandboxIdempotencyTable {
  client_id: string;
  operation: string;
  key: string;
  request_hash: string;
  resource_id: string;
  expires_at: string;
}

/** A client registered at the sandbox bank (DCR, API.md 10.3). */
export interface SandboxClientTable {
  client_id: string;
  org_id: string;
  software_id: string;
  /** JSON array of the registered redirect URIs. */
  redirect_uris: string;
  /** JSON Web Key Set of the client's signing keys, from its software statement. */
  jwks: string;
  token_endpoint_auth_method: string;
  created_at: string;
  updated_at: string;
}
