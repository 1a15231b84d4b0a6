// A refund: money paid back out of the merchant's account, authorised by the merchant at its bank
// through the refund link `{PUBLIC_URL}/rf?=<token>`.
import type { AccountRef } from './payment.js';

export const REFUND_STATUSES = ['awaiting_authorisation', 'submitted', 'completed', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export interface Refund {
  id: string;
  paymentId: string;
  companyId: string;
  amountPence: number;
  status: RefundStatus;
  linkToken: string;
  /** Where the money goes: the payer's account as the bank told it, or payeeAccountInfo. */
  payee: AccountRef;
  payeeEmail: string | null;
  transactionId: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

/** RefundRequest of spec 4.A. */
export interface RefundInput {
  amount?: string | undefined;
  payeeAccountInfo?:
    | {
        name?: string | undefined;
        externalAccountId?: string | undefined;
        identification?: string | undefined;
        email?: string | undefined;
      }
    | undefined;
}

export function refundLink(publicUrl: string, token: string): string {
  return `${publicUrl}/rf?=${token}`;
}
