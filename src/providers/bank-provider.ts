// The port to banks (DESIGN.md part 4): payment initiation (single payments, refunds, standing orders)
// and account information. Domain types only: pence integers, ISO 8601 strings and our own status
// names; each adapter maps its bank's wire format in one transformers file.
//
// Every consent follows the OpenID hybrid flow (response_type `code id_token`, API.md 10.2):
//   create*Consent({..., redirectUri, state}) -> {consentId, authorizationUrl}
//   the customer opens authorizationUrl at the bank, approves or rejects, and the bank sends the
//   browser back with `code`, `id_token` and `state` (or `error` and `state`) (read it with
//   authorisationReturnOf) -> checkAuthorisation (the id_token) -> completeAuthorisation (the code)
//   -> then submitPayment / submitStandingOrder / listAccounts ... with the consentId alone: the adapter
//   keeps the tokens the bank gave for that consent.
import type { Pence } from '../domain/money.js';
import type { ProviderInfo } from './providers.js';

/** A UK account held at a bank: sort code (6 digits) and account number (8 digits). */
export interface AccountRef {
  sortCode: string;
  accountNumber: string;
  /** The account holder's name (Confirmation of Payee); required for a creditor. */
  name: string;
}

export type RecurringFrequency = 'one_week' | 'one_month' | 'three_months' | 'one_year';

export type BankConsentStatus =
  | 'awaiting_authorisation'
  | 'authorised'
  /** A payment consent that was used by its payment or standing order. */
  | 'consumed'
  | 'rejected'
  | 'revoked'
  /** An account-access consent past its expiry. */
  | 'expired';

export type BankPaymentStatus = 'pending' | 'completed' | 'rejected';

export type BankStandingOrderStatus = 'pending' | 'active' | 'failed' | 'cancelled';

interface ConsentRequest {
  /** Where the bank sends the customer back (normally `{PUBLIC_URL}/public/v1/return`). */
  redirectUri: string;
  /** The caller's opaque token, echoed back on the redirect. */
  state: string;
}

/** What the bank's risk scoring is told of a payment (OBRisk1, issue 13 item 9). */
export interface PaymentRisk {
  context: 'EcommerceGoods' | 'EcommerceServices' | 'PartyToParty' | 'BillPayment' | 'Other';
  /** ISO 18245, 3 or 4 digits. */
  merchantCategoryCode?: string;
  /** The payer's stable (pseudonymous) id with the merchant, at most 70 characters. */
  merchantCustomerId?: string;
  deliveryAddress?: { addressLines?: string[]; postCode?: string; townName: string; country: string };
}

export interface PaymentConsentRequest extends ConsentRequest {
  amount: Pence;
  /** Shown to both sides; at most 18 characters reach the payee under Faster Payments. */
  reference: string;
  /** The caller's own unique id for this payment (at most 35 characters), quoted to the bank. */
  instructionId: string;
  creditor: AccountRef;
  /** Set to pay out of a given account: a refund names the merchant's account here. */
  debtor?: AccountRef;
  /** Default: EcommerceGoods, or PartyToParty when a debtor is named. */
  risk?: PaymentRisk;
  /** Same key, same consent: safe to retry after a time-out. */
  idempotencyKey: string;
}

export interface StandingOrderConsentRequest extends ConsentRequest {
  /** Amount of every payment of the schedule. */
  amount: Pence;
  reference: string;
  /** ISO date-time of the first payment; later ones fall on the same day of the week or month. */
  firstPaymentDate: string;
  frequency: RecurringFrequency;
  /** How many payments in all; 0 means until cancelled. */
  numberOfPayments: number;
  creditor: AccountRef;
  debtor?: AccountRef;
  idempotencyKey: string;
}

export interface AccountAccessConsentRequest extends ConsentRequest {
  /** ISO date-time when the bank stops answering for this consent. */
  expiresAt: string;
}

export interface BankConsent {
  consentId: string;
  status: BankConsentStatus;
  /** Open this in the customer's browser. */
  authorizationUrl: string;
  createdAt: string;
}

export interface BankConsentState {
  consentId: string;
  status: BankConsentStatus;
  createdAt: string;
  statusUpdatedAt: string;
  /** Account-access consents: when access ends (null: open-ended). */
  expiresAt: string | null;
}

export interface AuthorisationCompletion {
  consentId: string;
  /** The `code`, `id_token` and `state` of the bank's answer. */
  code: string;
  idToken: string | null;
  state: string;
  /** Exactly the redirectUri the consent was created with. */
  redirectUri: string;
}

export interface SubmitRequest {
  consentId: string;
  /** Same key: the bank makes the payment once however often the call is repeated. */
  idempotencyKey: string;
}

export interface BankPayment {
  paymentId: string;
  consentId: string;
  status: BankPaymentStatus;
  amount: Pence;
  reference: string | null;
  instructionId: string;
  creditor: AccountRef;
  /** The account the money came from, when the bank tells (a refund goes back to it). */
  debtor: AccountRef | null;
  createdAt: string;
  statusUpdatedAt: string;
}

export interface BankStandingOrder {
  standingOrderId: string;
  consentId: string;
  status: BankStandingOrderStatus;
  amount: Pence;
  reference: string | null;
  firstPaymentDate: string;
  /** The bank's schedule code, e.g. IntrvlMnthDay:01:15. */
  schedule: string;
  /** null: until cancelled. */
  numberOfPayments: number | null;
  creditor: AccountRef;
  debtor: AccountRef | null;
  createdAt: string;
  statusUpdatedAt: string;
}

/** One payment the bank made (or failed to make) for a standing order. */
export interface StandingOrderPayment {
  bankPaymentId: string;
  status: BankPaymentStatus;
  /** When the bank executed it: the date of the schedule it belongs to. */
  executedAt: string;
  /** Why it failed, in the bank's words. */
  reason: string | null;
}

export interface BankAccountInfo {
  /** The bank's id of the account within the consent. */
  accountId: string;
  sortCode: string;
  accountNumber: string;
  name: string;
  currency: string;
}

export interface BankBalance {
  accountId: string;
  /** Negative when overdrawn. */
  available: Pence;
  booked: Pence;
  at: string;
}

export interface BankTransaction {
  transactionId: string;
  accountId: string;
  direction: 'credit' | 'debit';
  /** Always positive; direction says which way. */
  amount: Pence;
  status: 'booked' | 'pending';
  bookedAt: string;
  reference: string | null;
  information: string | null;
  /** The other side, when the bank tells. */
  counterparty: AccountRef | null;
  /** Balance after this transaction, when the bank tells. */
  balanceAfter: Pence | null;
}

export interface DateRange {
  /** Inclusive ISO date-times. */
  from: string;
  to: string;
}

export interface BankProvider {
  readonly info: ProviderInfo;

  /** Checks the answer's id_token; a BankError (authorisation_failed) when it fails any check. */
  checkAuthorisation(input: AuthorisationCompletion): Promise<void>;
  /** Checks the id_token, then exchanges the code for the consent's tokens (kept by the adapter). */
  completeAuthorisation(input: AuthorisationCompletion): Promise<void>;

  // Single payments, and refunds (a payment whose debtor is the merchant's account).
  createPaymentConsent(input: PaymentConsentRequest): Promise<BankConsent>;
  getPaymentConsent(consentId: string): Promise<BankConsentState>;
  submitPayment(input: SubmitRequest): Promise<BankPayment>;
  getPayment(paymentId: string): Promise<BankPayment>;

  // Standing orders (recurring payments).
  createStandingOrderConsent(input: StandingOrderConsentRequest): Promise<BankConsent>;
  getStandingOrderConsent(consentId: string): Promise<BankConsentState>;
  submitStandingOrder(input: SubmitRequest): Promise<BankStandingOrder>;
  getStandingOrder(standingOrderId: string): Promise<BankStandingOrder>;
  listStandingOrderPayments(standingOrderId: string): Promise<StandingOrderPayment[]>;

  // Account information (connected bank accounts, data-API checks).
  createAccountAccessConsent(input: AccountAccessConsentRequest): Promise<BankConsent>;
  getAccountAccessConsent(consentId: string): Promise<BankConsentState>;
  revokeAccountAccessConsent(consentId: string): Promise<void>;
  listAccounts(consentId: string): Promise<BankAccountInfo[]>;
  getBalance(consentId: string, accountId: string): Promise<BankBalance>;
  listTransactions(consentId: string, accountId: string, range: DateRange): Promise<BankTransaction[]>;
}
