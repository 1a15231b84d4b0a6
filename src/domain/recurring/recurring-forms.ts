// The form of spec 2.4 that actionsHistory snapshots and recurring webhooks carry, and the item of
// spec 2.5. (Group responses are mapped next to their routes from these.)
import { formatAmount } from '../money.js';
import type { Payment } from '../payments/payment.js';
import type {
  InitialPaymentForm,
  RecurringAction,
  RecurringItem,
  RecurringPayment,
  RecurringSnapshot,
} from './recurring.js';
import { finalDate } from './schedule.js';

export function recurringLink(publicUrl: string, token: string | null): string | null {
  return token ? `${publicUrl}/rp?=${token}` : null;
}

export function finalPaymentDateOf(recurring: RecurringPayment): string | null {
  const last = finalDate(
    new Date(recurring.firstPaymentDate),
    recurring.frequency,
    recurring.numberOfPayments,
  );
  return last ? last.toISOString() : null;
}

export function initialPaymentForm(payment: Payment | null): InitialPaymentForm | null {
  if (!payment) return null;
  return {
    id: payment.id,
    status: payment.status,
    invoiceRefNumber: payment.invoiceRefNumber,
    amount: formatAmount(payment.amountPence),
    customerName: payment.customerName,
    customerEmail: payment.customerEmail,
    customerEmailCC: payment.customerEmailCC,
    dueDate: payment.dueDate,
    createdAt: payment.createdAt,
    currency: payment.currency,
  };
}

export function snapshotOf(
  recurring: RecurringPayment,
  initialPayment: Payment | null,
  publicUrl: string,
): RecurringSnapshot {
  return {
    id: recurring.id,
    status: recurring.status,
    invoiceRefNumber: recurring.reference,
    recurringAmount: formatAmount(recurring.amountPence),
    firstPaymentDate: recurring.firstPaymentDate,
    finalPaymentDate: finalPaymentDateOf(recurring),
    expectedNumberOfPayments: recurring.numberOfPayments,
    frequency: recurring.frequency,
    initialPayment: initialPaymentForm(initialPayment),
    customerName: recurring.customerName,
    customerEmail: recurring.customerEmail,
    customerEmailCC: recurring.customerEmailCC,
    createdAt: recurring.createdAt,
    currency: recurring.currency,
    qrCodeData: recurringLink(publicUrl, recurring.linkToken),
  };
}

export function actionsHistoryOf(actions: RecurringAction[]) {
  return actions.map((a) => ({ timestamp: a.timestamp, newEntityState: a.snapshot }));
}

/** Spec 2.4 with its history: what group A answers and what status webhooks carry. */
export function recurringForm(
  recurring: RecurringPayment,
  initialPayment: Payment | null,
  actions: RecurringAction[],
  publicUrl: string,
) {
  // Added to the snapshot just made, not spread into a new object: slow on Node 20 (payment-forms.ts).
  return Object.assign(snapshotOf(recurring, initialPayment, publicUrl), {
    actionsHistory: actionsHistoryOf(actions),
  });
}

/** Spec 2.5. */
export function itemForm(item: RecurringItem) {
  return {
    id: item.id,
    amount: formatAmount(item.amountPence),
    status: item.status,
    expectedPaymentDate: item.expectedPaymentDate,
    completedAt: item.completedAt,
  };
}
