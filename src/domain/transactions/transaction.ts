// Money that moved (or is moving) through a merchant's account: one per paid payment, refund or
// recurring item (spec 2.6).

export const TRANSACTION_STATUSES = ['pending', 'completed', 'rejected'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export type Direction = 'incoming' | 'outgoing';
export type ParentType = 'Payment' | 'RecurringPayment';

export interface Transaction {
  id: string;
  companyId: string;
  integrationId: string;
  parentType: ParentType;
  /** The payment, or the recurring payment, the money belongs to. */
  parentId: string;
  direction: Direction;
  status: TransactionStatus;
  amountPence: number;
  reference: string;
  /** The bank's id of the payment (domestic payment id, standing-order payment id). */
  externalRef: string | null;
  isSandbox: boolean;
  dataApiCheckStatus: string;
  lastDataApiCheckAt: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface NewTransaction {
  companyId: string;
  integrationId: string;
  parentType: ParentType;
  parentId: string;
  direction: Direction;
  amountPence: number;
  reference: string;
  externalRef: string | null;
  isSandbox: boolean;
  dataApiCheckStatus: string;
}
