// A recurring payment: a merchant's request for regular payments, which the customer sets up once at
// their bank as a standing order (spec 2.4, 2.5; API.md 3 and 7).
import type { Frequency } from './schedule.js';

export const RECURRING_STATUSES = [
  'draft',
  'sent',
  'overdue',
  'active',
  'completed',
  'cancelled',
  'cancelled_by_customer',
  'rejected',
] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

export const ITEM_STATUSES = ['pending', 'paid', 'missed', 'cancelled'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export interface RecurringPayment {
  id: string;
  companyId: string;
  integrationId: string;
  bankAccountId: string;
  status: RecurringStatus;
  /** Shown to the customer and quoted to the bank; group A reports it as invoiceRefNumber. */
  reference: string;
  /** Pence of every regular payment. */
  amountPence: number;
  currency: 'GBP';
  /** ISO date-time of the first regular payment. */
  firstPaymentDate: string;
  /** 0: until cancelled. */
  numberOfPayments: number;
  frequency: Frequency;
  customerName: string | null;
  customerEmail: string | null;
  customerEmailCC: string[];
  /** The token of `{PUBLIC_URL}/rp?=<token>`; set when the recurring payment is sent. */
  linkToken: string | null;
  isSandbox: boolean;
  /** The customer's bank and its id of the standing order, once set up. */
  provider: string | null;
  standingOrderId: string | null;
  lastCheckedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One expected regular payment (spec 2.5). */
export interface RecurringItem {
  id: string;
  recurringPaymentId: string;
  index: number;
  amountPence: number;
  status: ItemStatus;
  expectedPaymentDate: string;
  completedAt: string | null;
  bankPaymentId: string | null;
  accountTransactionId: string | null;
  transactionId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The initial payment as spec 2.4 shows it inside a recurring payment. */
export interface InitialPaymentForm {
  id: string;
  status: string;
  invoiceRefNumber: string;
  amount: string;
  customerName: string | null;
  customerEmail: string | null;
  customerEmailCC: string[];
  dueDate: string | null;
  createdAt: string;
  currency: string;
}

/** What actionsHistory[].newEntityState and the webhooks show: the recurring payment at that moment. */
export interface RecurringSnapshot {
  id: string;
  status: RecurringStatus;
  invoiceRefNumber: string;
  recurringAmount: string;
  firstPaymentDate: string;
  finalPaymentDate: string | null;
  expectedNumberOfPayments: number;
  frequency: Frequency;
  initialPayment: InitialPaymentForm | null;
  customerName: string | null;
  customerEmail: string | null;
  customerEmailCC: string[];
  createdAt: string;
  currency: string;
  qrCodeData: string | null;
}

export interface RecurringAction {
  timestamp: string;
  action: string;
  snapshot: RecurringSnapshot;
}

/** The body of create, create-and-send and edit (spec 4.A RecurringCreate). */
export interface RecurringInput {
  reference: string;
  recurringAmount: string;
  recurringPaymentDate: string;
  numberOfPayments: number;
  frequency: Frequency;
  initialPaymentAmount?: string | undefined;
  customerName?: string | undefined;
  customerEmail?: string | undefined;
  customerEmailCC?: string[] | undefined;
}

/** Where a new recurring payment belongs (group D may name the receiving account). */
export interface RecurringTarget {
  companyId: string;
  integrationId: string;
  /** Defaults to the integration's bank account. */
  bankAccountId?: string | undefined;
}

/** Who may see a recurring payment: a company, and within it one integration (group A) or all (group D). */
export interface RecurringScope {
  companyId: string;
  integrationId?: string | undefined;
}
