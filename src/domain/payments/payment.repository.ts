import { CompiledQuery, type Insertable, sql } from 'kysely';
import type { Db, Engine } from '../../store/database.js';
import { mapPage, newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import { prepared } from '../../store/prepared.js';
import { reusableQuery, runBuilt } from '../../store/reusable-query.js';
import type { PendingEventRow } from '../events/outbox.js';
import { newId } from '../ids.js';
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

const PAYMENT_COLUMNS = Object.keys(toRow({ customerEmailCC: [] } as unknown as Payment)) as Array<
  keyof PaymentTable
>;
const EVENT_COLUMNS: Array<keyof PendingEventRow> = [
  'id',
  'channel',
  'destination_kind',
  'destination_id',
  'partner_id',
  'event_name',
  'resource_type',
  'resource_id',
  'order_key',
  'payload',
  'state',
  'attempts',
  'next_attempt_at',
  'lease_owner',
  'lease_until',
  'last_error',
  'created_at',
  'finished_at',
];
const list = (names: string[]) => names.join(', ');
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const numbered = (from: number, n: number) => Array.from({ length: n }, (_, i) => `$${from + i}`).join(', ');
const COUNT_UPSERT = `insert into payment_counts (company_id, integration_id, slot, live) values (?, ?, ?, 1)
  on conflict (company_id, integration_id, slot) do update set live = payment_counts.live + 1`;

/**
 * The SQL of insertProcessedPayment, written once: on SQLite four statements (one transaction, the
 * caller's); on PostgreSQL one statement whose parts are CTEs, atomic on its own and one round trip
 * (foreign keys are checked at the end of the statement).
 */
const NEW_PAYMENT_SQL = (() => {
  const p = PAYMENT_COLUMNS.length;
  const e = EVENT_COLUMNS.length;
  const a = p + 1; // two actions: id, action, created_at, snapshot each
  const ev = a + 8;
  const slot = ev + e;
  const action = (i: number, seq: number) => `($${i}, $1, $${i + 1}, $${i + 2}, $${i + 3}, ${seq})`;
  return {
    sqlite: [
      `insert into payments (${list(PAYMENT_COLUMNS)}) values (${marks(p)})`,
      `insert into payment_actions (id, payment_id, action, created_at, snapshot, seq) values (?, ?, ?, ?, ?, 1), (?, ?, ?, ?, ?, 2)`,
      `insert into events (${list(EVENT_COLUMNS)}) values (${marks(e)})`,
      COUNT_UPSERT,
    ],
    postgres:
      prepared(`with p as (insert into payments (${list(PAYMENT_COLUMNS)}) values (${numbered(1, p)})),
  a as (insert into payment_actions (id, payment_id, action, created_at, snapshot, seq)
    values ${action(a, 1)}, ${action(a + 4, 2)}),
  e as (insert into events (${list(EVENT_COLUMNS)}) values (${numbered(ev, e)}))
  ${COUNT_UPSERT.replace('?, ?, ?', `$2, $3, $${slot}`)}`),
  };
})();

/** Whether insertProcessedPayment is one statement on this engine (then it needs no transaction of its own). */
export function writesNewPaymentAtOnce(engine: Engine): boolean {
  return engine === 'postgres';
}

/**
 * Stores a payment created and processed at once: the payment (already in its processed state), its
 * history (create, then process), its webhook and its count; nothing is read. On SQLite, call it in a
 * transaction.
 */
export async function insertProcessedPayment(
  db: Db,
  engine: Engine,
  payment: Payment,
  history: [PaymentAction, PaymentAction],
  event: PendingEventRow,
): Promise<void> {
  const row = toRow(payment);
  const paymentValues = PAYMENT_COLUMNS.map((c) => row[c]);
  const actionValues = history.map((h) => [newId(), h.action, h.timestamp, JSON.stringify(h.snapshot)]);
  const eventValues = EVENT_COLUMNS.map((c) => event[c]);
  const slot = Math.floor(Math.random() * COUNT_SLOTS);
  if (engine === 'postgres') {
    const values = [...paymentValues, ...actionValues.flat(), ...eventValues, slot];
    await runBuilt(db, NEW_PAYMENT_SQL.postgres, values);
    return;
  }
  const [payments, actions, events, counts] = NEW_PAYMENT_SQL.sqlite as [string, string, string, string];
  await db.executeQuery(CompiledQuery.raw(payments, paymentValues));
  const [create, process] = actionValues as [unknown[], unknown[]];
  await db.executeQuery(
    CompiledQuery.raw(actions, [
      create[0],
      payment.id,
      ...create.slice(1),
      process[0],
      payment.id,
      ...process.slice(1),
    ]),
  );
  await db.executeQuery(CompiledQuery.raw(events, eventValues));
  await db.executeQuery(CompiledQuery.raw(counts, [payment.companyId, payment.integrationId, slot]));
}

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

/**
 * Every column of `payments`, named: a read that names its columns gets SQLite's rows made the faster way
 * (src/store/sqlite-statements.ts). test/store/named-columns.test.ts checks the list against the table.
 */
export const PAYMENT_ROW_COLUMNS: ReadonlyArray<keyof PaymentTable> = [
  ...PAYMENT_COLUMNS,
  'data_api_credit_id',
];

// The reads of every get payment, built once per database (src/store/reusable-query.ts).
const paymentOfIntegration = reusableQuery((db, id: string, companyId: string, integrationId: string) =>
  db
    .selectFrom('payments')
    .select(PAYMENT_ROW_COLUMNS)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('integration_id', '=', integrationId)
    .where('deleted_at', 'is', null),
);
const paymentOfCompany = reusableQuery((db, id: string, companyId: string) =>
  db
    .selectFrom('payments')
    .select(PAYMENT_ROW_COLUMNS)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null),
);

/** The live payment in scope; locked for the rest of the transaction on PostgreSQL when `lock`. */
export async function findPayment(
  db: Db,
  scope: PaymentScope,
  id: string,
  lock?: Engine,
): Promise<Payment | undefined> {
  if (lock !== 'postgres') {
    const [row] = scope.integrationId
      ? await paymentOfIntegration(db, id, scope.companyId, scope.integrationId)
      : await paymentOfCompany(db, id, scope.companyId);
    return row ? toPayment(row) : undefined;
  }
  let query = db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .where('deleted_at', 'is', null);
  if (scope.integrationId) query = query.where('integration_id', '=', scope.integrationId);
  const row = await query.forUpdate().executeTakeFirst();
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

const actionsOfPayment = reusableQuery((db, paymentId: string) =>
  db
    .selectFrom('payment_actions')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('seq', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc'),
);

export async function listActions(db: Db, paymentId: string): Promise<PaymentAction[]> {
  const rows = await actionsOfPayment(db, paymentId);
  return rows.map((row) => ({
    timestamp: row.created_at,
    action: row.action,
    snapshot: JSON.parse(row.snapshot) as PaymentSnapshot,
  }));
}
