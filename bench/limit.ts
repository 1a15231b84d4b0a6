// The limit (issue 14, item 1): the least a server can do for create-and-process and get payment with
// the same durable work as paybank, on a database made by paybank's own migrations and seeded by
// bench/payment-server.ts. It validates the body (schema compiled at start), checks the merchant
// credential (one indexed lookup, a constant-time SHA-256 compare), writes the payment already `sent`,
// its two history rows, its outbox event and the live counter in one transaction, and answers the
// same JSON. On PostgreSQL: prepared statements, one round trip for the credential and one statement
// for the whole write. Not the service: no idempotency, rate limit, logging, hooks or workers.
// Run by bench/payments.ts: DATABASE_URL=... node --import tsx bench/limit.ts; prints {"port":n}.
// First, the service's fix (src/tick-object-maps.ts), so that both start alike.
import '../src/tick-object-maps.js';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { newId, newToken } from '../src/domain/ids.js';
import type { Payment } from '../src/domain/payments/payment.js';
import { toPayment, toRow } from '../src/domain/payments/payment.repository.js';
import type { PaymentTable } from '../src/domain/payments/payment.row.js';
import { processedForm, snapshotOf } from '../src/domain/payments/payment-forms.js';
import { toSummary } from '../src/http/merchant/payments/payment-view.js';
import { WAL_CHECKPOINT_PAGES } from '../src/store/database.js';

const PUBLIC_URL = process.env.PUBLIC_URL ?? 'http://localhost:3000';
const databaseUrl = process.env.DATABASE_URL ?? '';

interface Credential {
  id: string;
  company_id: string;
  partner_id: string;
  secret_hash: string;
  company_status: string;
  bank_account_id: string | null;
  account_status: string | null;
  is_sandbox: number;
}

/** The rows of one create: the payment, its two history rows, its event, the counter slot. */
interface CreateWrite {
  payment: PaymentTable;
  actions: Array<{ id: string; action: string; snapshot: string; seq: number }>;
  event: { id: string; payload: string; orderKey: string; partnerId: string };
  slot: number;
  at: string;
}

interface Engine {
  credential(id: string): Promise<Credential | undefined>;
  write(w: CreateWrite): Promise<void>;
  payment(id: string, companyId: string, integrationId: string): Promise<PaymentTable | undefined>;
}

const CREDENTIAL_SQL = `select i.id, i.company_id, c.partner_id, i.secret_hash, c.status as company_status,
  i.bank_account_id, b.status as account_status, i.is_sandbox
  from integrations i join companies c on c.id = i.company_id left join bank_accounts b on b.id = i.bank_account_id
  where i.id = $1 and i.deleted_at is null`;
const PAYMENT_SQL =
  'select * from payments where id = $1 and company_id = $2 and integration_id = $3 and deleted_at is null';
const PAYMENT_COLUMNS = Object.keys(toRow({} as Payment));
const EVENT_COLUMNS = `id, channel, destination_kind, destination_id, partner_id, event_name, resource_type,
  resource_id, order_key, payload, state, attempts, next_attempt_at, created_at`;

function paymentValues(p: PaymentTable): unknown[] {
  return PAYMENT_COLUMNS.map((c) => p[c as keyof PaymentTable]);
}

function eventValues(w: CreateWrite): unknown[] {
  const p = w.payment;
  return [
    w.event.id,
    'webhook',
    'integration',
    p.integration_id,
    w.event.partnerId,
    'payment.status_updated',
    'payment',
    p.id,
    w.event.orderKey,
    w.event.payload,
    'pending',
    0,
    w.at,
    w.at,
  ];
}

function sqlite(file: string): Engine {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // The service's mark (src/store/database.ts): the limit must not checkpoint more often than it does.
  db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  const q = (text: string) => text.replace(/\$\d+/g, '?');
  const credential = db.prepare(q(CREDENTIAL_SQL));
  const payment = db.prepare(q(PAYMENT_SQL));
  const insertPayment = db.prepare(
    `insert into payments (${PAYMENT_COLUMNS.join(', ')}) values (${PAYMENT_COLUMNS.map(() => '?').join(', ')})`,
  );
  const insertActions = db.prepare(
    'insert into payment_actions (id, payment_id, action, created_at, snapshot, seq) values (?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?)',
  );
  const insertEvent = db.prepare(
    `insert into events (${EVENT_COLUMNS}) values (${EVENT_COLUMNS.split(',').map(() => '?')})`,
  );
  const count = db.prepare(
    `insert into payment_counts (company_id, integration_id, slot, live) values (?, ?, ?, 1)
     on conflict (company_id, integration_id, slot) do update set live = payment_counts.live + 1`,
  );
  const write = db.transaction((w: CreateWrite) => {
    insertPayment.run(paymentValues(w.payment));
    insertActions.run(w.actions.flatMap((a) => [a.id, w.payment.id, a.action, w.at, a.snapshot, a.seq]));
    insertEvent.run(eventValues(w));
    count.run(w.payment.company_id, w.payment.integration_id, w.slot);
  });
  return {
    credential: async (id) => credential.get(id) as Credential | undefined,
    write: async (w) => write(w),
    payment: async (id, companyId, integrationId) =>
      payment.get(id, companyId, integrationId) as PaymentTable | undefined,
  };
}

function postgres(databaseUrl: string): Engine {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  pg.types.setTypeParser(20, (value) => Number(value));
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const n = PAYMENT_COLUMNS.length;
  const placeholders = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ');
  const at = n + 1;
  const a = at + 1; // 2 x (id, action, snapshot)
  const e = a + 6; // event id, payload, order key, partner id
  const slot = e + 4;
  // One statement, so one implicit transaction and one round trip; the foreign keys are checked at its end.
  const WRITE = `with p as (insert into payments (${PAYMENT_COLUMNS.join(', ')}) values (${placeholders(1, n)})),
    a as (insert into payment_actions (id, payment_id, action, created_at, snapshot, seq)
      values ($${a}, $1, $${a + 1}, $${at}, $${a + 2}, 1), ($${a + 3}, $1, $${a + 4}, $${at}, $${a + 5}, 2)),
    e as (insert into events (${EVENT_COLUMNS}) values ($${e}, 'webhook', 'integration', $3, $${e + 3},
      'payment.status_updated', 'payment', $1, $${e + 2}, $${e + 1}, 'pending', 0, $${at}, $${at}))
    insert into payment_counts (company_id, integration_id, slot, live) values ($2, $3, $${slot}, 1)
    on conflict (company_id, integration_id, slot) do update set live = payment_counts.live + 1`;
  return {
    credential: async (id) =>
      (await pool.query<Credential>({ name: 'credential', text: CREDENTIAL_SQL, values: [id] })).rows[0],
    write: async (w) => {
      const values = [
        ...paymentValues(w.payment),
        w.at,
        ...w.actions.flatMap((x) => [x.id, x.action, x.snapshot]),
        w.event.id,
        w.event.payload,
        w.event.orderKey,
        w.event.partnerId,
        w.slot,
      ];
      await pool.query({ name: 'create', text: WRITE, values });
    },
    payment: async (id, companyId, integrationId) =>
      (
        await pool.query<PaymentTable>({
          name: 'payment',
          text: PAYMENT_SQL,
          values: [id, companyId, integrationId],
        })
      ).rows[0],
  };
}

const engine = databaseUrl.startsWith('sqlite:')
  ? sqlite(databaseUrl.slice('sqlite:'.length))
  : postgres(databaseUrl);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

async function authenticate(headers: Record<string, string | string[] | undefined>): Promise<Credential> {
  const id = headers['integration-id'];
  const secret = headers['secret-key'];
  if (typeof id !== 'string' || typeof secret !== 'string') throw new HttpError(401, 'unauthorized');
  const row = await engine.credential(id);
  if (!row || !timingSafeEqual(sha256(secret), Buffer.from(row.secret_hash, 'hex'))) {
    throw new HttpError(401, 'unauthorized');
  }
  if (row.company_status !== 'active') throw new HttpError(403, 'forbidden');
  return row;
}

const Body = Type.Object(
  {
    invoiceRefNumber: Type.String({ pattern: '^[A-Za-z0-9-]{1,12}$' }),
    amount: Type.String({ pattern: '^[0-9]{1,9}\\.[0-9]{2}$' }),
    customerName: Type.Optional(Type.String({ maxLength: 200 })),
    type: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
type BodyType = { invoiceRefNumber: string; amount: string; customerName?: string; type?: string };

const app = Fastify({ logger: false });
app.setErrorHandler((err: { statusCode?: number; message: string }, _request, reply) => {
  reply.code(err.statusCode ?? 500).send({ message: err.message });
});

app.post<{ Body: BodyType }>('/merchant/v1/payments/process', { schema: { body: Body } }, async (request) => {
  const credential = await authenticate(request.headers);
  if (!credential.bank_account_id || credential.account_status !== 'verified') {
    throw new HttpError(409, 'no bank account');
  }
  const body = request.body;
  const at = new Date().toISOString();
  const amountPence = Math.round(Number(body.amount) * 100);
  const payment: Payment = {
    id: newId(),
    companyId: credential.company_id,
    integrationId: credential.id,
    bankAccountId: credential.bank_account_id,
    status: 'draft',
    invoiceRefNumber: body.invoiceRefNumber,
    amountPence,
    currency: 'GBP',
    customerName: body.customerName ?? null,
    customerEmail: null,
    customerEmailCC: [],
    dueDate: null,
    attachmentUrl: null,
    customRedirectUrl: null,
    type: (body.type ?? 'link') as Payment['type'],
    dataApiCheckStatus: 'not_applicable',
    lastDataApiCheckAt: null,
    linkToken: null,
    refundedPence: 0,
    payerAccount: null,
    isSandbox: credential.is_sandbox === 1,
    recurringPaymentId: null,
    createdAt: at,
    updatedAt: at,
    completedAt: null,
  };
  const sent: Payment = { ...payment, status: 'sent', linkToken: newToken() };
  const history = [
    { timestamp: at, action: 'create', snapshot: snapshotOf(payment, PUBLIC_URL) },
    { timestamp: at, action: 'process', snapshot: snapshotOf(sent, PUBLIC_URL) },
  ];
  const result = processedForm(sent, history, PUBLIC_URL);
  const eventId = newId();
  await engine.write({
    payment: toRow(sent),
    actions: history.map((h, i) => ({
      id: newId(),
      action: h.action,
      snapshot: JSON.stringify(h.snapshot),
      seq: i + 1,
    })),
    event: {
      id: eventId,
      partnerId: credential.partner_id,
      orderKey: `integration:${credential.id}:payment:${sent.id}`,
      payload: JSON.stringify({
        eventName: 'payment.status_updated',
        eventId,
        createdAt: at,
        data: result,
      }),
    },
    slot: Math.floor(Math.random() * 16),
    at,
  });
  return { created: true, result };
});

app.get<{ Params: { id: string } }>('/merchant/v1/payments/:id', async (request) => {
  const credential = await authenticate(request.headers);
  const row = await engine.payment(request.params.id, credential.company_id, credential.id);
  if (!row) throw new HttpError(404, 'not found');
  return { created: true, result: toSummary(toPayment(row)) };
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
