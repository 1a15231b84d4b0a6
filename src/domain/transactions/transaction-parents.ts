// What a transaction belongs to (spec 2.6 parentEntity): a payment, or the recurring payment whose item
// it paid. Read for a whole page of transactions at once.
import type { Deps } from '../../context.js';
import type { PaymentDetails } from '../payments/payment-details.js';
import { paymentDetails, paymentsByIds } from '../payments/payment-details.js';
import { findRecurring } from '../recurring/recurring.repository.js';
import { detailsOf, type RecurringDetails } from '../recurring/recurring.service.js';
import type { Transaction } from './transaction.js';

export interface TransactionParents {
  payments: Map<string, PaymentDetails>;
  recurring: Map<string, RecurringDetails>;
}

export async function transactionParents(
  deps: Deps,
  companyId: string,
  transactions: readonly Transaction[],
): Promise<TransactionParents> {
  const idsOf = (type: Transaction['parentType']) => [
    ...new Set(transactions.filter((t) => t.parentType === type).map((t) => t.parentId)),
  ];
  const payments = await paymentDetails(deps, await paymentsByIds(deps, companyId, idsOf('Payment')));
  const recurring = await Promise.all(
    idsOf('RecurringPayment').map(async (id) => {
      const found = await findRecurring(deps.db, { companyId }, id);
      return found ? detailsOf(deps, found) : undefined;
    }),
  );
  return {
    payments: new Map(payments.map((d) => [d.payment.id, d])),
    recurring: new Map(recurring.filter((d) => d !== undefined).map((d) => [d.recurring.id, d] as const)),
  };
}
