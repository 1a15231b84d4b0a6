// Group D form of a transaction (spec 2.6): parentEntity is the payment in the form of spec 2.3, or,
// for a recurring payment's item, the recurring payment in its group D form.
import { Type } from '@sinclair/typebox';
import { formatAmount } from '../../../domain/money.js';
import type { Transaction } from '../../../domain/transactions/transaction.js';
import type { TransactionParents } from '../../../domain/transactions/transaction-parents.js';
import { Amount, DataApiCheckStatus, Id, Nullable, Timestamp, TransactionStatus } from '../../schemas.js';
import { PaymentD, toPaymentD } from '../payments/payment-view-d.js';
import { RecurringPaymentD, toRecurringD } from '../recurring-payments/recurring-view-d.js';

export const TransactionD = Type.Object(
  {
    id: Id,
    status: TransactionStatus,
    dataApiCheckStatus: DataApiCheckStatus,
    lastDataApiCheckAt: Nullable(Timestamp),
    amount: Amount,
    createdAt: Timestamp,
    completedAt: Nullable(Timestamp),
    reference: Type.String(),
    direction: Type.String({ description: 'incoming (money received) or outgoing (a refund)' }),
    parentEntityType: Type.String({ description: 'Payment or RecurringPayment' }),
    parentEntity: Nullable(Type.Union([PaymentD, RecurringPaymentD])),
    externalRef: Nullable(Type.String({ description: "the bank's id of the payment" })),
    integration: Id,
  },
  { title: 'Transaction' },
);

function parentOf(transaction: Transaction, parents: TransactionParents, publicUrl: string) {
  if (transaction.parentType === 'Payment') {
    const details = parents.payments.get(transaction.parentId);
    return details ? toPaymentD(details, publicUrl) : null;
  }
  const details = parents.recurring.get(transaction.parentId);
  return details ? toRecurringD(details, publicUrl) : null;
}

export function toTransactionD(transaction: Transaction, parents: TransactionParents, publicUrl: string) {
  return {
    id: transaction.id,
    status: transaction.status,
    dataApiCheckStatus: transaction.dataApiCheckStatus,
    lastDataApiCheckAt: transaction.lastDataApiCheckAt,
    amount: formatAmount(transaction.amountPence),
    createdAt: transaction.createdAt,
    completedAt: transaction.completedAt,
    reference: transaction.reference,
    direction: transaction.direction,
    parentEntityType: transaction.parentType,
    parentEntity: parentOf(transaction, parents, publicUrl),
    externalRef: transaction.externalRef,
    integration: transaction.integrationId,
  };
}
