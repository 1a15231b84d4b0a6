import { type Insertable, sql } from 'kysely';
import type { Db, Engine } from '../../store/database.js';
import { mapPage, newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import { reusableQuery } from '../../store/reusable-query.js';
import type { Payment } from '../payments/payment.js';
import { toPayment } from '../payments/payment.repository.js';
import type {
  ItemStatus,
  RecurringAction,
  RecurringItem,
  RecurringPayment,
  RecurringScope,
  RecurringSnapshot,
  RecurringStatus,
} from './recurring.js';
import type {
  RecurringActionTable,
  RecurringAuthorisationTable,
  RecurringItemTable,
  RecurringPaymentTable,
} from './recurring.row.js';
import type { Frequency } from './schedule.js';

export function toRecurring(row: RecurringPaymentTable): RecurringPayment {
  return {
    id: row.id,
    companyId: row.company_id,
    integrationId: row.integration_id,
    bankAccountId: row.bank_account_id,
    status: row.status as RecurringStatus,
    reference: row.reference,
    amountPence: Number(row.amount),
    currency: 'GBP',
    firstPaymentDate: row.first_payment_date,
    numberOfPayments: Number(row.number_of_payments),
    frequency: row.frequency as Frequency,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerEmailCC: JSON.parse(row.customer_email_cc) as string[],
    linkToken: row.link_token,
    isSandbox: row.is_sandbox === 1,
    provider: row.provider,
    standingOrderId: row.standing_order_id,
    lastCheckedAt: row.last_checked_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toRow(recurring: RecurringPayment): RecurringPaymentTable {
  return {
    id: recurring.id,
    company_id: recurring.companyId,
    integration_id: recurring.integrationId,
    bank_account_id: recurring.bankAccountId,
    status: recurring.status,
    reference: recurring.reference,
    amount: recurring.amountPence,
    currency: recurring.currency,
    first_payment_date: recurring.firstPaymentDate,
    number_of_payments: recurring.numberOfPayments,
    frequency: recurring.frequency,
    customer_name: recurring.customerName,
    customer_email: recurring.customerEmail,
    customer_email_cc: JSON.stringify(recurring.customerEmailCC),
    link_token: recurring.linkToken,
    is_sandbox: recurring.isSandbox ? 1 : 0,
    provider: recurring.provider,
    standing_order_id: recurring.standingOrderId,
    last_checked_at: recurring.lastCheckedAt,
    created_at: recurring.createdAt,
    updated_at: recurring.updatedAt,
    deleted_at: null,
  };
}

export async function insertRecurring(db: Db, recurring: RecurringPayment): Promise<void> {
  await db.insertInto('recurring_payments').values(toRow(recurring)).execute();
}

// The reads of a recurring payment's answers, built once per database (store/reusable-query.ts).
const recurringOfIntegration = reusableQuery((db, id: string, companyId: string, integrationId: string) =>
  db
    .selectFrom('recurring_payments')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('integration_id', '=', integrationId)
    .where('deleted_at', 'is', null),
);
const recurringOfCompany = reusableQuery((db, id: string, companyId: string) =>
  db
    .selectFrom('recurring_payments')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null),
);

/** The live recurring payment in scope; locked for the rest of the transaction on PostgreSQL when `lock`. */
export async function findRecurring(
  db: Db,
  scope: RecurringScope,
  id: string,
  lock?: Engine,
): Promise<RecurringPayment | undefined> {
  if (lock !== 'postgres') {
    const [row] = scope.integrationId
      ? await recurringOfIntegration(db, id, scope.companyId, scope.integrationId)
      : await recurringOfCompany(db, id, scope.companyId);
    return row ? toRecurring(row) : undefined;
  }
  let query = db
    .selectFrom('recurring_payments')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .where('deleted_at', 'is', null);
  if (scope.integrationId) query = query.where('integration_id', '=', scope.integrationId);
  const row = await query.forUpdate().executeTakeFirst();
  return row ? toRecurring(row) : undefined;
}

export async function findRecurringById(
  db: Db,
  id: string,
  lock?: Engine,
): Promise<RecurringPayment | undefined> {
  let query = db
    .selectFrom('recurring_payments')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (lock === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRecurring(row) : undefined;
}

export async function findRecurringByToken(db: Db, token: string): Promise<RecurringPayment | undefined> {
  const row = await db
    .selectFrom('recurring_payments')
    .selectAll()
    .where('link_token', '=', token)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toRecurring(row) : undefined;
}

export async function pageRecurring(
  db: Db,
  scope: RecurringScope,
  request: PageRequest,
): Promise<Page<RecurringPayment>> {
  let base = db
    .selectFrom('recurring_payments')
    .where('company_id', '=', scope.companyId)
    .where('deleted_at', 'is', null);
  if (scope.integrationId) base = base.where('integration_id', '=', scope.integrationId);
  return mapPage(await newestFirstPage(base, request), toRecurring);
}

export async function updateRecurring(db: Db, recurring: RecurringPayment): Promise<void> {
  const { id, created_at: _created, deleted_at: _deleted, ...rest } = toRow(recurring);
  await db.updateTable('recurring_payments').set(rest).where('id', '=', id).execute();
}

export async function softDeleteRecurring(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('recurring_payments')
    .set({ deleted_at: at, updated_at: at, link_token: null })
    .where('id', '=', id)
    .execute();
}

export async function setLastChecked(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('recurring_payments').set({ last_checked_at: at }).where('id', '=', id).execute();
}

// ---- history

export async function insertAction(db: Db, row: Insertable<RecurringActionTable>): Promise<void> {
  // Numbered after the recurring payment's last action, so that its history keeps this order.
  const next = sql<number>`(select coalesce(max(seq), 0) + 1 from recurring_payment_actions where recurring_payment_id = ${row.recurring_payment_id})`;
  await db
    .insertInto('recurring_payment_actions')
    .values({ ...row, seq: next })
    .execute();
}

const actionsOfRecurring = reusableQuery((db, recurringPaymentId: string) =>
  db
    .selectFrom('recurring_payment_actions')
    .selectAll()
    .where('recurring_payment_id', '=', recurringPaymentId)
    .orderBy('seq', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc'),
);

export async function listActions(db: Db, recurringPaymentId: string): Promise<RecurringAction[]> {
  const rows = await actionsOfRecurring(db, recurringPaymentId);
  return rows.map((row) => ({
    timestamp: row.created_at,
    action: row.action,
    snapshot: JSON.parse(row.snapshot) as RecurringSnapshot,
  }));
}

// ---- items

export function toItem(row: RecurringItemTable): RecurringItem {
  return {
    id: row.id,
    recurringPaymentId: row.recurring_payment_id,
    index: Number(row.item_index),
    amountPence: Number(row.amount),
    status: row.status as ItemStatus,
    expectedPaymentDate: row.expected_date,
    completedAt: row.completed_at,
    bankPaymentId: row.bank_payment_id,
    accountTransactionId: row.account_transaction_id,
    transactionId: row.transaction_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function itemRow(item: RecurringItem): RecurringItemTable {
  return {
    id: item.id,
    recurring_payment_id: item.recurringPaymentId,
    item_index: item.index,
    amount: item.amountPence,
    status: item.status,
    expected_date: item.expectedPaymentDate,
    completed_at: item.completedAt,
    bank_payment_id: item.bankPaymentId,
    account_transaction_id: item.accountTransactionId,
    transaction_id: item.transactionId,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

export async function insertItems(db: Db, items: RecurringItem[]): Promise<void> {
  // Chunked: SQLite limits the bound parameters of one statement.
  for (let i = 0; i < items.length; i += 50) {
    await db
      .insertInto('recurring_payment_items')
      .values(items.slice(i, i + 50).map(itemRow))
      .execute();
  }
}

export async function updateItem(db: Db, item: RecurringItem): Promise<void> {
  const { id, recurring_payment_id: _r, item_index: _i, created_at: _c, ...rest } = itemRow(item);
  await db.updateTable('recurring_payment_items').set(rest).where('id', '=', id).execute();
}

export async function deleteItems(db: Db, recurringPaymentId: string): Promise<void> {
  await db
    .deleteFrom('recurring_payment_items')
    .where('recurring_payment_id', '=', recurringPaymentId)
    .execute();
}

/** Every item of the recurring payment, in schedule order. */
const itemsOfRecurring = reusableQuery((db, recurringPaymentId: string) =>
  db
    .selectFrom('recurring_payment_items')
    .selectAll()
    .where('recurring_payment_id', '=', recurringPaymentId)
    .orderBy('item_index'),
);

export async function listItems(db: Db, recurringPaymentId: string): Promise<RecurringItem[]> {
  const rows = await itemsOfRecurring(db, recurringPaymentId);
  return rows.map(toItem);
}

// ---- the tracker's and the overdue job's candidates

/**
 * Active recurring payments to read at the bank: those with a pending item due by `now` not read since
 * `recheckBefore`, and any not read since `staleBefore` (a customer may cancel at the bank any day).
 */
export async function recurringToTrack(
  db: Db,
  times: { now: string; recheckBefore: string; staleBefore: string },
  limit: number,
): Promise<string[]> {
  const { now, recheckBefore, staleBefore } = times;
  const due = await db
    .selectFrom('recurring_payment_items')
    .innerJoin('recurring_payments', 'recurring_payments.id', 'recurring_payment_items.recurring_payment_id')
    .select('recurring_payments.id')
    .distinct()
    .where('recurring_payment_items.status', '=', 'pending')
    .where('recurring_payment_items.expected_date', '<=', now)
    .where('recurring_payments.status', '=', 'active')
    .where('recurring_payments.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('recurring_payments.last_checked_at', 'is', null),
        eb('recurring_payments.last_checked_at', '<', recheckBefore),
      ]),
    )
    .limit(limit)
    .execute();
  const stale = await db
    .selectFrom('recurring_payments')
    .select('id')
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('last_checked_at', 'is', null), eb('last_checked_at', '<', staleBefore)]))
    .orderBy('last_checked_at')
    .limit(limit)
    .execute();
  return [...new Set([...due, ...stale].map((r) => r.id))];
}

/** Sent or rejected recurring payments whose first date is before `before`. */
export async function overdueCandidates(db: Db, before: string, limit: number): Promise<RecurringPayment[]> {
  const rows = await db
    .selectFrom('recurring_payments')
    .selectAll()
    .where('status', 'in', ['sent', 'rejected'])
    .where('deleted_at', 'is', null)
    .where('first_payment_date', '<', before)
    .orderBy('first_payment_date')
    .limit(limit)
    .execute();
  return rows.map(toRecurring);
}

// ---- the customer's authorisations at the bank

export async function insertAuthorisation(db: Db, row: RecurringAuthorisationTable): Promise<void> {
  await db.insertInto('recurring_authorisations').values(row).execute();
}

export async function findAuthorisationByState(
  db: Db,
  state: string,
): Promise<RecurringAuthorisationTable | undefined> {
  return db.selectFrom('recurring_authorisations').selectAll().where('state', '=', state).executeTakeFirst();
}

/** Moves the authorisation only from one of `from`: the conditional write is the claim. */
export async function moveAuthorisation(
  db: Db,
  id: string,
  from: readonly string[],
  patch: Partial<RecurringAuthorisationTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('recurring_authorisations')
    .set(patch)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- the initial payment (a row of `payments` pointing at its recurring payment)

const initialPayment = reusableQuery((db, recurringPaymentId: string) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('recurring_payment_id', '=', recurringPaymentId)
    .where('deleted_at', 'is', null),
);

export async function findInitialPayment(
  db: Db,
  recurringPaymentId: string,
  lock?: Engine,
): Promise<Payment | undefined> {
  if (lock !== 'postgres') {
    const [row] = await initialPayment(db, recurringPaymentId);
    return row ? toPayment(row) : undefined;
  }
  const query = db
    .selectFrom('payments')
    .selectAll()
    .where('recurring_payment_id', '=', recurringPaymentId)
    .where('deleted_at', 'is', null)
    .forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/** Transactions of paid items still awaiting the data-API check are marked not found by it (once). */
export async function markCreditsNotFound(db: Db, transactionIds: string[], at: string): Promise<void> {
  if (transactionIds.length === 0) return;
  await db
    .updateTable('transactions')
    .set({ data_api_check_status: 'payment_not_found', last_data_api_check_at: at })
    .where('id', 'in', transactionIds)
    .where('data_api_check_status', '=', 'pending_payment')
    .execute();
}

/** The initial payments of several recurring payments, by recurring payment id (a page's worth). */
export async function findInitialPayments(
  db: Db,
  recurringPaymentIds: string[],
): Promise<Map<string, Payment>> {
  if (recurringPaymentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('recurring_payment_id', 'in', recurringPaymentIds)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.recurring_payment_id as string, toPayment(row)]));
}

/** The histories of several recurring payments, oldest action first, by recurring payment id. */
export async function listActionsOf(
  db: Db,
  recurringPaymentIds: string[],
): Promise<Map<string, RecurringAction[]>> {
  const out = new Map<string, RecurringAction[]>(recurringPaymentIds.map((id) => [id, []]));
  if (recurringPaymentIds.length === 0) return out;
  const rows = await db
    .selectFrom('recurring_payment_actions')
    .selectAll()
    .where('recurring_payment_id', 'in', recurringPaymentIds)
    .orderBy('seq', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  for (const row of rows) {
    out.get(row.recurring_payment_id)?.push({
      timestamp: row.created_at,
      action: row.action,
      snapshot: JSON.parse(row.snapshot) as RecurringSnapshot,
    });
  }
  return out;
}

/**
 * Voids the standing-order authorisations no customer has completed (the terms are changing);
 * answers those being completed, which the bank may be setting up now and so cannot be voided.
 */
export async function voidOpenAuthorisations(
  db: Db,
  recurringPaymentId: string,
  at: string,
): Promise<RecurringAuthorisationTable[]> {
  const completing = await db
    .selectFrom('recurring_authorisations')
    .selectAll()
    .where('recurring_payment_id', '=', recurringPaymentId)
    .where('status', '=', 'completing')
    .execute();
  if (completing.length > 0) return completing;
  await db
    .updateTable('recurring_authorisations')
    .set({ status: 'voided', updated_at: at })
    .where('recurring_payment_id', '=', recurringPaymentId)
    .where('status', 'in', ['requesting', 'awaiting_authorisation'])
    .execute();
  return [];
}
