import { type Insertable, sql } from 'kysely';
import type { Db, Engine } from '../../store/database.js';
import { mapPage, newestFirstPage, type Page, type PageRequest } from '../../store/paging.js';
import { prepared } from '../../store/prepared.js';
import { reusableQuery, runBuilt } from '../../store/reusable-query.js';
import { batcherPerDatabase, statementFailed } from '../../store/write-batcher.js';
import type { PendingEventRow } from '../events/outbox.js';
import { newId } from '../ids.js';
import { merchantCredentialQuery } from '../integrations/integration.repository.js';
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

/** SQLite's four statements of insertProcessedPayment (one transaction, the caller's). */
const NEW_PAYMENT_SQLITE = [
  `insert into payments (${list(PAYMENT_COLUMNS)}) values (${marks(PAYMENT_COLUMNS.length)})`,
  `insert into payment_actions (id, payment_id, action, created_at, snapshot, seq) values (?, ?, ?, ?, ?, 1), (?, ?, ?, ?, ?, 2)`,
  `insert into events (${list(EVENT_COLUMNS)}) values (${marks(EVENT_COLUMNS.length)})`,
  COUNT_UPSERT,
] as const;

/** The rows of one new payment: the payment, its two history rows (id, action, created_at, snapshot), its event. */
interface NewPaymentWrite {
  payment: unknown[];
  actions: [unknown[], unknown[]];
  event: unknown[];
  companyId: string;
  integrationId: string;
}

function newPaymentWrite(
  payment: Payment,
  history: [PaymentAction, PaymentAction],
  event: PendingEventRow,
): NewPaymentWrite {
  const row = toRow(payment);
  return {
    payment: PAYMENT_COLUMNS.map((c) => row[c]),
    actions: history.map((h) => [newId(), h.action, h.timestamp, JSON.stringify(h.snapshot)]) as [
      unknown[],
      unknown[],
    ],
    event: EVENT_COLUMNS.map((c) => event[c]),
    companyId: payment.companyId,
    integrationId: payment.integrationId,
  };
}

const PER_PAYMENT = PAYMENT_COLUMNS.length + 8 + EVENT_COLUMNS.length;
const newPaymentsSql = new Map<number, string>();

/**
 * PostgreSQL's insertProcessedPayment for `n` payments: one statement whose parts are CTEs, atomic on its
 * own and one round trip (foreign keys are checked at its end). The count rows come as four arrays, so
 * that the statement's text depends on `n` alone: written and prepared once per size, at most maxBatch.
 */
function newPaymentsStatement(n: number): string {
  const known = newPaymentsSql.get(n);
  if (known) return known;
  const payments: string[] = [];
  const actions: string[] = [];
  const events: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const id = i * PER_PAYMENT + 1;
    const a = id + PAYMENT_COLUMNS.length;
    payments.push(`(${numbered(id, PAYMENT_COLUMNS.length)})`);
    actions.push(`($${a}, $${id}, $${a + 1}, $${a + 2}, $${a + 3}, 1)`);
    actions.push(`($${a + 4}, $${id}, $${a + 5}, $${a + 6}, $${a + 7}, 2)`);
    events.push(`(${numbered(a + 8, EVENT_COLUMNS.length)})`);
  }
  const c = n * PER_PAYMENT + 1;
  const text =
    prepared(`with p as (insert into payments (${list(PAYMENT_COLUMNS)}) values ${payments.join(', ')}),
  a as (insert into payment_actions (id, payment_id, action, created_at, snapshot, seq) values ${actions.join(', ')}),
  e as (insert into events (${list(EVENT_COLUMNS)}) values ${events.join(', ')})
  insert into payment_counts (company_id, integration_id, slot, live)
    select * from unnest($${c}::text[], $${c + 1}::text[], $${c + 2}::int[], $${c + 3}::int[])
  on conflict (company_id, integration_id, slot) do update set live = payment_counts.live + excluded.live`);
  newPaymentsSql.set(n, text);
  return text;
}

/**
 * Runs `writes` as one statement on PostgreSQL. Each company and integration's payments are counted in
 * one slot, picked at random (concurrent creates then rarely wait on one row); the count rows go in one
 * order, so that two such statements never wait on each other's rows in turn (a deadlock).
 */
async function runNewPayments(db: Db, writes: NewPaymentWrite[]): Promise<void> {
  const counts = new Map<string, { companyId: string; integrationId: string; n: number }>();
  for (const w of writes) {
    const key = `${w.companyId}\u0000${w.integrationId}`;
    const count = counts.get(key);
    if (count) count.n += 1;
    else counts.set(key, { companyId: w.companyId, integrationId: w.integrationId, n: 1 });
  }
  const rows = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  const values: unknown[] = [];
  for (const w of writes) values.push(...w.payment, ...w.actions[0], ...w.actions[1], ...w.event);
  values.push(
    rows.map((r) => r.companyId),
    rows.map((r) => r.integrationId),
    rows.map(() => Math.floor(Math.random() * COUNT_SLOTS)),
    rows.map((r) => r.n),
  );
  await runBuilt(db, newPaymentsStatement(writes.length), values);
}

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
  const write = newPaymentWrite(payment, history, event);
  if (engine === 'postgres') {
    await runNewPayments(db, [write]);
    return;
  }
  const [payments, actions, events, counts] = NEW_PAYMENT_SQLITE;
  await runBuilt(db, payments, write.payment);
  const [create, process] = write.actions;
  await runBuilt(db, actions, [
    create[0],
    payment.id,
    ...create.slice(1),
    process[0],
    payment.id,
    ...process.slice(1),
  ]);
  await runBuilt(db, events, write.event);
  await runBuilt(db, counts, [
    payment.companyId,
    payment.integrationId,
    Math.floor(Math.random() * COUNT_SLOTS),
  ]);
}

const newPaymentsBatcher = batcherPerDatabase<NewPaymentWrite>((db) => ({
  run: (writes) => runNewPayments(db, writes),
  maxInFlight: 2,
  maxBatch: 16,
  retryAlone: statementFailed,
}));

/**
 * insertProcessedPayment on PostgreSQL when it needs no transaction of its own (writesNewPaymentAtOnce): on
 * the root database, sent in one statement with the other creates made at the same moment
 * (store/write-batcher.ts), up to two such statements at a time and up to 16 payments in each. Two, not one:
 * a statement waiting on a lock (a company row held by a status change) holds back only the creates in it,
 * not all. Two, not four: a statement of one payment took the database 650 us, one of 16 took 210 us a
 * payment, and with four at a time 12% of the creates under bench:webhooks-under-load's load went alone; with
 * two, the database's CPU was 433 us a create (its webhook delivered) where it was 525 (medians of three
 * rounds at 600 creates a second, bench/RESULTS.md, 2026-12-03 12:35-13:30). In a transaction (an idempotent
 * request's), it runs in that transaction, alone.
 */
export function insertProcessedPaymentAtOnce(
  db: Db,
  payment: Payment,
  history: [PaymentAction, PaymentAction],
  event: PendingEventRow,
): Promise<void> {
  const write = newPaymentWrite(payment, history, event);
  if (db.isTransaction) return runNewPayments(db, [write]);
  return newPaymentsBatcher(db).write(write);
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

/**
 * A merchant credential (integration.repository.ts) and, in the same statement, the live payment `paymentId`
 * of that integration: a get payment in one round trip instead of two. The payment's columns are null when
 * the integration has no such payment.
 */
const paymentWithCredential = reusableQuery((db, integrationId: string, paymentId: string) =>
  merchantCredentialQuery(db)
    .leftJoin('payments as p', (join) =>
      join
        .on('p.id', '=', paymentId)
        .onRef('p.integration_id', '=', 'i.id')
        .onRef('p.company_id', '=', 'i.company_id')
        .on('p.deleted_at', 'is', null),
    )
    .select(PAYMENT_ROW_COLUMNS.map((column) => `p.${column}` as const))
    .where('i.id', '=', integrationId)
    .where('i.deleted_at', 'is', null),
);

/** A merchant credential's row with the columns of one payment of its integration (null when none). */
export type CredentialWithPaymentRow = Awaited<ReturnType<typeof paymentWithCredential>>[number];

/** The credential of a live integration, with its payment `paymentId` if it has that live payment. */
export async function findCredentialWithPayment(
  db: Db,
  integrationId: string,
  paymentId: string,
): Promise<CredentialWithPaymentRow | undefined> {
  return (await paymentWithCredential(db, integrationId, paymentId))[0];
}

/** The payment of such a row, undefined when the integration has no such payment. */
export const paymentOfCredentialRow = (row: CredentialWithPaymentRow): Payment | undefined =>
  row.id === null ? undefined : toPayment(row as PaymentTable);

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
