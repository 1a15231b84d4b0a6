import { type Insertable, sql } from 'kysely';
import type { Db, Engine } from '../../store/database.js';
import { mapPage, newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import type {
  AccountRef,
  DataApiCheckStatus,
  Payment,
  PaymentAction,
  PaymentSnapshot,
  PaymentStatus,
  PaymentType,
} from './payment.js';
import type { PaymentActionTable, PaymentTable } from './payment.row.js';

export function toPayment(row: PaymentTable): Payment {
  return {
    id: row.id,
    companyId: row.company_id,
    integrationId: row.integration_id,
    bankAccountId: row.bank_account_id,
    status: row.status as PaymentStatus,
    invoiceRefNumber: row.invoice_ref,
    amountPence: Number(row.amount),
    currency: 'GBP',
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerEmailCC: JSON.parse(row.customer_email_cc) as string[],
    dueDate: row.due_date,
    attachmentUrl: row.attachment_url,
    customRedirectUrl: row.custom_redirect_url,
    type: row.type as PaymentType,
    dataApiCheckStatus: row.data_api_check_status as DataApiCheckStatus,
    lastDataApiCheckAt: row.last_data_api_check_at,
    linkToken: row.link_token,
    refundedPence: Number(row.refunded_amount),
    payerAccount: row.payer_account ? (JSON.parse(row.payer_account) as AccountRef) : null,
    isSandbox: row.is_sandbox === 1,
    recurringPaymentId: row.recurring_payment_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
  };
}

export function toRow(payment: Payment): PaymentTable {
  return {
    id: payment.id,
    company_id: payment.companyId,
    integration_id: payment.integrationId,
    bank_account_id: payment.bankAccountId,
    status: payment.status,
    invoice_ref: payment.invoiceRefNumber,
    amount: payment.amountPence,
    currency: payment.currency,
    customer_name: payment.customerName,
    customer_email: payment.customerEmail,
    customer_email_cc: JSON.stringify(payment.customerEmailCC),
    due_date: payment.dueDate,
    attachment_url: payment.attachmentUrl,
    custom_redirect_url: payment.customRedirectUrl,
    type: payment.type,
    data_api_check_status: payment.dataApiCheckStatus,
    last_data_api_check_at: payment.lastDataApiCheckAt,
    link_token: payment.linkToken,
    refunded_amount: payment.refundedPence,
    payer_account: payment.payerAccount ? JSON.stringify(payment.payerAccount) : null,
    is_sandbox: payment.isSandbox ? 1 : 0,
    recurring_payment_id: payment.recurringPaymentId,
    created_at: payment.createdAt,
    updated_at: payment.updatedAt,
    completed_at: payment.completedAt,
    deleted_at: null,
  };
}

/** Who may see a payment: a company, and within it one integration (group A) or all (group D). */
export interface PaymentScope {
  companyId: string;
  integrationId?: string | undefined;
}

/** Stores a new payment and counts it in its company's and integration's lists (same transaction). */
export async function insertPayment(db: Db, payment: Payment): Promise<void> {
  await db.insertInto('payments').values(toRow(payment)).execute();
  await countLive(db, payment.companyId, payment.integrationId, 1);
}

const COUNT_SLOTS = 16;

async function countLive(db: Db, companyId: string, integrationId: string, by: 1 | -1): Promise<void> {
  // A random slot: concurrent creates of one integration then rarely wait on one row until they commit.
  const slot = Math.floor(Math.random() * COUNT_SLOTS);
  await db
    .insertInto('payment_counts')
    .values({ company_id: companyId, integration_id: integrationId, slot, live: by })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'integration_id', 'slot'])
        .doUpdateSet({ live: sql`payment_counts.live + ${by}` }),
    )
    .execute();
}

/** How many live payments the scope holds, from the counters kept with each insert and delete. */
async function livePayments(db: Db, scope: PaymentScope): Promise<number> {
  let query = db
    .selectFrom('payment_counts')
    .select(sql<number>`coalesce(sum(live), 0)`.as('n'))
    .where('company_id', '=', scope.companyId);
  if (scope.integrationId) query = query.where('integration_id', '=', scope.integrationId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The live payment in scope; locked for the rest of the transaction on PostgreSQL when `lock`. */
export async function findPayment(
  db: Db,
  scope: PaymentScope,
  id: string,
  lock?: Engine,
): Promise<Payment | undefined> {
  let query = db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .where('deleted_at', 'is', null);
  if (scope.integrationId) query = query.where('integration_id', '=', scope.integrationId);
  if (lock === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

export async function findPaymentById(db: Db, id: string, lock?: Engine): Promise<Payment | undefined> {
  let query = db.selectFrom('payments').selectAll().where('id', '=', id).where('deleted_at', 'is', null);
  if (lock === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

export async function findPaymentByToken(db: Db, token: string): Promise<Payment | undefined> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('link_token', '=', token)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

export async function pagePayments(
  db: Db,
  scope: PaymentScope,
  request: PageRequest,
): Promise<Page<Payment>> {
  let base = db
    .selectFrom('payments')
    .where('company_id', '=', scope.companyId)
    .where('deleted_at', 'is', null);
  if (scope.integrationId) base = base.where('integration_id', '=', scope.integrationId);
  const page = await newestFirstPage(base, request, { count: () => livePayments(db, scope) });
  return mapPage(page, toPayment);
}

/** Writes a payment's changes. Its company and integration are set when it is created, never after. */
export async function updatePayment(db: Db, payment: Payment): Promise<void> {
  const {
    id,
    created_at: _created,
    deleted_at: _deleted,
    company_id: _company,
    integration_id: _integration,
    ...rest
  } = toRow(payment);
  await db.updateTable('payments').set(rest).where('id', '=', id).execute();
}

export async function softDeletePayment(db: Db, id: string, at: string): Promise<void> {
  const deleted = await db
    .updateTable('payments')
    .set({ deleted_at: at, updated_at: at, link_token: null })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(['company_id', 'integration_id'])
    .executeTakeFirst();
  if (deleted) await countLive(db, deleted.company_id, deleted.integration_id, -1);
}

export async function insertAction(db: Db, row: Insertable<PaymentActionTable>): Promise<void> {
  // Numbered after the payment's last action, in the statement, so that its history keeps this order.
  const next = sql<number>`(select coalesce(max(seq), 0) + 1 from payment_actions where payment_id = ${row.payment_id})`;
  await db
    .insertInto('payment_actions')
    .values({ ...row, seq: next })
    .execute();
}

export async function listActions(db: Db, paymentId: string): Promise<PaymentAction[]> {
  const rows = await db
    .selectFrom('payment_actions')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('seq', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({
    timestamp: row.created_at,
    action: row.action,
    snapshot: JSON.parse(row.snapshot) as PaymentSnapshot,
  }));
}
