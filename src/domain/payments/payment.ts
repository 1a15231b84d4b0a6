// A one-off payment request and its life (API.md part 7).

export const PAYMENT_STATUSES = [
  'draft',
  'sent',
  'overdue',
  'pending',
  'paid',
  'rejected',
  'cancelled',
  'refund_started',
  'refund_rejected',
  'refunded',
  'partial_refund',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const DATA_API_CHECK_STATUSES = [
  'not_applicable',
  'pending_payment',
  'payment_received',
  'payment_not_found',
] as const;
export type DataApiCheckStatus = (typeof DATA_API_CHECK_STATUSES)[number];

export const PAYMENT_TYPES = ['link', 'qr', 'mobile'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The account a payment came from (learned from the bank) or a refund goes to. */
export interface AccountRef {
  provider: string;
  externalAccountId: string;
  identification: string;
  name: string;
}

export interface Payment {
  id: string;
  companyId: string;
  integrationId: string;
  bankAccountId: string;
  status: PaymentStatus;
  invoiceRefNumber: string;
  amountPence: number;
  currency: 'GBP';
  customerName: string | null;
  customerEmail: string | null;
  customerEmailCC: string[];
  dueDate: string | null;
  attachmentUrl: string | null;
  customRedirectUrl: string | null;
  type: PaymentType;
  dataApiCheckStatus: DataApiCheckStatus;
  lastDataApiCheckAt: string | null;
  /** The token of the payment link `{PUBLIC_URL}/p?=<token>`; set when the payment is processed. */
  linkToken: string | null;
  refundedPence: number;
  payerAccount: AccountRef | null;
  isSandbox: boolean;
  recurringPaymentId: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

/** One entry of actionsHistory: the payment as it was right after an action. */
export interface PaymentAction {
  timestamp: string;
  action: string;
  snapshot: PaymentSnapshot;
}

/** The fields every group A answer about a payment has (PaymentSummary). */
export interface PaymentSummaryFields {
  id: string;
  status: PaymentStatus;
  invoiceRefNumber: string;
  amount: string;
  customerName: string | null;
  customerEmail: string | null;
  customerEmailCC: string[];
  dueDate: string | null;
  createdAt: string;
  currency: string;
  customRedirectUrl: string | null;
}

/** What actionsHistory[].newEntityState shows: the processed form's fields at that moment. */
export interface PaymentSnapshot extends PaymentSummaryFields {
  dataApiCheckStatus: DataApiCheckStatus;
  lastDataApiCheckAt: string | null;
  link: string | null;
  qrCodeData: string | null;
}

export interface PaymentInput {
  invoiceRefNumber: string;
  amount: string;
  customerName?: string | undefined;
  dueDate?: string | undefined;
  attachmentUrl?: string | undefined;
  customerEmail?: string | undefined;
  /** A comma-separated string or an array; stored as an array. */
  customerEmailCC?: string | string[] | undefined;
  customRedirectUrl?: string | undefined;
  type?: PaymentType | undefined;
}

export type PaymentEdit = Partial<Omit<PaymentInput, 'type'>>;
