// A payment with what the partner's form of it (spec 2.3) shows besides itself: its history, its incoming
// transaction and its latest refund. Read for a whole page at once (three queries, not three a payment).
import type { Deps } from '../../context.js';
import type { Db } from '../../store/database.js';
import type { Payment, PaymentAction, PaymentSnapshot } from './payment.js';
import { toPayment } from './payment.repository.js';
import type { Refund } from './refund.js';
import { toRefund } from './refund.repository.js';

export interface PaymentDetails {
  payment: Payment;
  actions: PaymentAction[];
  /** The latest incoming transaction: the customer's money, once the bank took it. */
  transactionId: string | null;
  refund: Refund | null;
}

async function actionsOf(db: Db, ids: string[]): Promise<Map<string, PaymentAction[]>> {
  const rows = await db
    .selectFrom('payment_actions')
    .selectAll()
    .where('payment_id', 'in', ids)
    .orderBy('seq', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const byPayment = new Map<string, PaymentAction[]>();
  for (const row of rows) {
    const list = byPayment.get(row.payment_id) ?? [];
    list.push({
      timestamp: row.created_at,
      action: row.action,
      snapshot: JSON.parse(row.snapshot) as PaymentSnapshot,
    });
    byPayment.set(row.payment_id, list);
  }
  return byPayment;
}

/** Newest first, so the first row seen of a payment is its latest. */
async function latestIncomingTransactions(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'parent_id'])
    .where('parent_type', '=', 'Payment')
    .where('parent_id', 'in', ids)
    .where('direction', '=', 'incoming')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const latest = new Map<string, string>();
  for (const row of rows) if (!latest.has(row.parent_id)) latest.set(row.parent_id, row.id);
  return latest;
}

async function latestRefunds(db: Db, ids: string[]): Promise<Map<string, Refund>> {
  const rows = await db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', 'in', ids)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const latest = new Map<string, Refund>();
  for (const row of rows) if (!latest.has(row.payment_id)) latest.set(row.payment_id, toRefund(row));
  return latest;
}

/** The details of each payment, in the order given. */
export async function paymentDetails(deps: Deps, payments: readonly Payment[]): Promise<PaymentDetails[]> {
  if (payments.length === 0) return [];
  const ids = payments.map((p) => p.id);
  const [actions, transactions, refunds] = await Promise.all([
    actionsOf(deps.db, ids),
    latestIncomingTransactions(deps.db, ids),
    latestRefunds(deps.db, ids),
  ]);
  return payments.map((payment) => ({
    payment,
    actions: actions.get(payment.id) ?? [],
    transactionId: transactions.get(payment.id) ?? null,
    refund: refunds.get(payment.id) ?? null,
  }));
}

export async function paymentDetailsOf(deps: Deps, payment: Payment): Promise<PaymentDetails> {
  const [details] = await paymentDetails(deps, [payment]);
  return details as PaymentDetails;
}

/** Payments by id within a company, deleted ones included: a transaction keeps naming its payment. */
export async function paymentsByIds(
  deps: Deps,
  companyId: string,
  ids: readonly string[],
): Promise<Payment[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .selectFrom('payments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toPayment);
}
