// The processed form of spec 2.2: what actionsHistory snapshots and payment webhooks carry.
// (Group responses are mapped next to their routes from these.)
import { formatAmount } from '../money.js';
import type { Payment, PaymentAction, PaymentSnapshot } from './payment.js';

export function paymentLink(publicUrl: string, token: string | null): string | null {
  return token ? `${publicUrl}/p?=${token}` : null;
}

export function snapshotOf(payment: Payment, publicUrl: string): PaymentSnapshot {
  const link = paymentLink(publicUrl, payment.linkToken);
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
    customRedirectUrl: payment.customRedirectUrl,
    dataApiCheckStatus: payment.dataApiCheckStatus,
    lastDataApiCheckAt: payment.lastDataApiCheckAt,
    link,
    qrCodeData: link,
  };
}

export function actionsHistoryOf(actions: PaymentAction[]) {
  return actions.map((a) => ({ timestamp: a.timestamp, newEntityState: a.snapshot }));
}

export function processedForm(payment: Payment, actions: PaymentAction[], publicUrl: string) {
  return { ...snapshotOf(payment, publicUrl), actionsHistory: actionsHistoryOf(actions) };
}
