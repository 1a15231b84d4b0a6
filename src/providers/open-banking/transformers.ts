// The one place where Open Banking's wire format meets the domain: amounts, accounts, statuses,
// frequencies. Every other file of the adapter speaks domain types.
import { formatAmount, type Pence } from '../../domain/money.js';
import { BankError } from '../bank-error.js';
import type {
  AccountRef,
  BankAccountInfo,
  BankBalance,
  BankConsentState,
  BankConsentStatus,
  BankPayment,
  BankPaymentStatus,
  BankStandingOrder,
  BankStandingOrderStatus,
  BankTransaction,
  RecurringFrequency,
  StandingOrderPayment,
} from '../bank-provider.js';
import { MONTHS_OF } from '../schedule.js';
import {
  type ObAccount,
  type ObAccountResponse,
  type ObAmount,
  type ObBalanceResponse,
  type ObConsentData,
  type ObDomesticPaymentResponse,
  type ObPaymentDetailsResponse,
  type ObStandingOrderResponse,
  type ObTransaction,
  SORT_CODE_SCHEME,
} from './ob-wire.js';

const badAnswer = (what: string) => new BankError('unavailable', `the bank answered an unreadable ${what}`);

export function obAmount(pence: Pence): ObAmount {
  return { Amount: formatAmount(pence), Currency: 'GBP' };
}

/** "12.3", "12.30" or "12.30000" -> 1230; amounts finer than a penny are not money we can hold. */
export function penceOf(amount: ObAmount | undefined): Pence {
  const match = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(amount?.Amount ?? '');
  if (!match) throw badAnswer('amount');
  const decimals = (match[2] ?? '').padEnd(5, '0');
  if (!/^\d\d000$/.test(decimals)) throw badAnswer('amount (below a penny)');
  return Number(match[1]) * 100 + Number(decimals.slice(0, 2));
}

export function obAccount(account: AccountRef): ObAccount & { Name: string } {
  return {
    SchemeName: SORT_CODE_SCHEME,
    Identification: `${account.sortCode}${account.accountNumber}`,
    Name: account.name,
  };
}

/** A sort code and account number, or null for accounts we cannot pay to (IBAN, PAN ...). */
export function accountRefOf(account: Partial<ObAccount> | undefined): AccountRef | null {
  if (!account || account.SchemeName !== SORT_CODE_SCHEME) return null;
  const id = account.Identification ?? '';
  if (!/^[0-9]{14}$/.test(id)) return null;
  return { sortCode: id.slice(0, 6), accountNumber: id.slice(6), name: account.Name ?? '' };
}

export function consentStatusOf(status: string, expiresAt: string | null, now: Date): BankConsentStatus {
  switch (status) {
    case 'AwaitingAuthorisation':
      return 'awaiting_authorisation';
    case 'Authorised':
      return expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime() ? 'expired' : 'authorised';
    case 'Consumed':
      return 'consumed';
    case 'Rejected':
      return 'rejected';
    case 'Revoked':
      return 'revoked';
    default:
      throw badAnswer(`consent status ${status}`);
  }
}

export function consentStateOf(data: ObConsentData, now: Date): BankConsentState {
  const expiresAt = data.ExpirationDateTime ?? null;
  return {
    consentId: data.ConsentId,
    status: consentStatusOf(data.Status, expiresAt, now),
    createdAt: data.CreationDateTime,
    statusUpdatedAt: data.StatusUpdateDateTime,
    expiresAt,
  };
}

/**
 * Completed only once the money settled (debtor side, or creditor side); every accepted but unsettled
 * status stays pending, so that a rejection after acceptance never follows a `paid` (API.md 9.1).
 */
export function paymentStatusOf(status: string): BankPaymentStatus {
  switch (status) {
    case 'AcceptedSettlementCompleted':
    case 'AcceptedCreditSettlementCompleted':
      return 'completed';
    case 'Rejected':
    case 'Cancelled':
    case 'PaymentCancelled':
      return 'rejected';
    default:
      // Pending, AcceptedSettlementInProcess, AcceptedWithoutPosting and the other in-flight states.
      return 'pending';
  }
}

export function standingOrderStatusOf(status: string): BankStandingOrderStatus {
  switch (status) {
    case 'InitiationPending':
      return 'pending';
    case 'InitiationCompleted':
      return 'active';
    case 'InitiationFailed':
      return 'failed';
    case 'Cancelled':
      return 'cancelled';
    default:
      throw badAnswer(`standing order status ${status}`);
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/** Our frequency as an Open Banking schedule code anchored on the first payment's date (UTC). */
export function obFrequency(frequency: RecurringFrequency, firstPaymentDate: string): string {
  const first = new Date(firstPaymentDate);
  if (frequency === 'one_week')
    return `IntrvlWkDay:01:${two(first.getUTCDay() === 0 ? 7 : first.getUTCDay())}`;
  return `IntrvlMnthDay:${two(MONTHS_OF[frequency])}:${two(first.getUTCDate())}`;
}

function debtorOf(data: {
  Debtor?: { SchemeName?: string; Identification?: string; Name?: string };
  Refund?: { Account: ObAccount };
  Initiation: { DebtorAccount?: ObAccount };
}): AccountRef | null {
  return (
    accountRefOf(data.Refund?.Account) ??
    accountRefOf(data.Debtor) ??
    accountRefOf(data.Initiation.DebtorAccount)
  );
}

export function bankPaymentOf(body: ObDomesticPaymentResponse): BankPayment {
  const data = body.Data;
  const creditor = accountRefOf(data.Initiation.CreditorAccount);
  if (!creditor) throw badAnswer('creditor account');
  return {
    paymentId: data.DomesticPaymentId,
    consentId: data.ConsentId,
    status: paymentStatusOf(data.Status),
    amount: penceOf(data.Initiation.InstructedAmount),
    reference: data.Initiation.RemittanceInformation?.Reference ?? null,
    instructionId: data.Initiation.InstructionIdentification,
    creditor,
    debtor: debtorOf(data),
    createdAt: data.CreationDateTime,
    statusUpdatedAt: data.StatusUpdateDateTime,
  };
}

export function bankStandingOrderOf(body: ObStandingOrderResponse): BankStandingOrder {
  const data = body.Data;
  const creditor = accountRefOf(data.Initiation.CreditorAccount);
  if (!creditor) throw badAnswer('creditor account');
  const count = data.Initiation.NumberOfPayments;
  return {
    standingOrderId: data.DomesticStandingOrderId,
    consentId: data.ConsentId,
    status: standingOrderStatusOf(data.Status),
    amount: penceOf(data.Initiation.RecurringPaymentAmount ?? data.Initiation.FirstPaymentAmount),
    reference: data.Initiation.Reference ?? null,
    firstPaymentDate: data.Initiation.FirstPaymentDateTime,
    schedule: data.Initiation.Frequency,
    numberOfPayments: count !== undefined && /^[0-9]+$/.test(count) ? Number(count) : null,
    creditor,
    debtor: debtorOf(data),
    createdAt: data.CreationDateTime,
    statusUpdatedAt: data.StatusUpdateDateTime,
  };
}

export function standingOrderPaymentsOf(body: ObPaymentDetailsResponse): StandingOrderPayment[] {
  return (body.Data.PaymentStatus ?? [])
    .map((p) => ({
      bankPaymentId: p.PaymentTransactionId,
      status: paymentStatusOf(p.Status),
      executedAt: p.StatusUpdateDateTime,
      reason: p.StatusDetail?.StatusReasonDescription ?? null,
    }))
    .sort((a, b) => a.executedAt.localeCompare(b.executedAt));
}

export function bankTransactionOf(tx: ObTransaction, index: number): BankTransaction {
  const direction = tx.CreditDebitIndicator === 'Credit' ? 'credit' : 'debit';
  const balance = tx.Balance;
  return {
    // TransactionId is optional in the standard; the booking time and position stand in for it.
    transactionId: tx.TransactionId ?? `${tx.BookingDateTime}#${index}`,
    accountId: tx.AccountId,
    direction,
    amount: penceOf(tx.Amount),
    status: tx.Status === 'Pending' ? 'pending' : 'booked',
    bookedAt: new Date(tx.BookingDateTime).toISOString(),
    reference: tx.TransactionReference ?? null,
    information: tx.TransactionInformation ?? null,
    counterparty: accountRefOf(direction === 'credit' ? tx.DebtorAccount : tx.CreditorAccount),
    balanceAfter: balance
      ? penceOf(balance.Amount) * (balance.CreditDebitIndicator === 'Debit' ? -1 : 1)
      : null,
  };
}

/** Accounts a UK payment can reach: those with a sort code and account number. */
export function bankAccountsOf(body: ObAccountResponse): BankAccountInfo[] {
  const out: BankAccountInfo[] = [];
  for (const account of body.Data.Account ?? []) {
    const ref = (account.Account ?? []).map(accountRefOf).find((r) => r !== null);
    if (!ref) continue;
    out.push({
      accountId: account.AccountId,
      sortCode: ref.sortCode,
      accountNumber: ref.accountNumber,
      name: ref.name || account.Nickname || '',
      currency: account.Currency ?? 'GBP',
    });
  }
  return out;
}

/** Booked and available balances (interim, else closing, else opening), negative when overdrawn. */
export function bankBalanceOf(body: ObBalanceResponse, accountId: string): BankBalance {
  const signed = (type: string) => {
    const balance = body.Data.Balance.find((b) => b.Type === type);
    if (!balance) return undefined;
    const sign = balance.CreditDebitIndicator === 'Debit' ? -1 : 1;
    return { pence: penceOf(balance.Amount) * sign, at: balance.DateTime };
  };
  const booked = signed('InterimBooked') ?? signed('ClosingBooked') ?? signed('OpeningBooked');
  const available = signed('InterimAvailable') ?? signed('ClosingAvailable') ?? booked;
  if (!booked || !available) throw badAnswer('balance (no booked balance)');
  return { accountId, available: available.pence, booked: booked.pence, at: booked.at };
}
