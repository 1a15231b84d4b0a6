// Issue 12 item 2: kill -9 a real process under create-and-process and refund load, start another on
// the same database, retry every request with its Idempotency-Key: no answer lost, nothing done twice,
// every committed change's webhook delivered, and the sandbox bank's ledger conserved and equal to the
// paid payments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { merchant, paymentBody } from '../helpers/merchant.js';
import { type Answer, http, payAtSandbox } from '../helpers/payment-flow.js';
import {
  eventually,
  type ServiceProcess,
  seedApp,
  sharedDatabase,
  startServiceProcess,
} from '../helpers/service-process.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const PAID = 16;
const CREATES = 160;
/** Requests in flight at once: enough that the kill finds many of them half done. */
const LOAD_CONCURRENCY = 64;
const RETRY_CONCURRENCY = 12;
/** Payments created before the kill: the rest are in flight or not yet sent. */
const KILL_AT = 70;
const ENV = {
  SANDBOX: 'true',
  LEASE_SECONDS: '11',
  RATE_LIMIT_PER_MINUTE: '100000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
};

interface Call {
  key: string;
  path: string;
  body: Record<string, unknown>;
}

async function balances(service: ServiceProcess): Promise<Map<string, number>> {
  const accounts = (await http(service, 'GET', '/sandbox/v1/accounts')).json().data as Array<{
    sortCode: string;
    accountNumber: string;
    balance: string;
  }>;
  return new Map(
    accounts.map((a) => [`${a.sortCode} ${a.accountNumber}`, Math.round(Number(a.balance) * 100)]),
  );
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** Runs every call, `concurrency` at a time, and answers what came back. */
async function runAll(
  service: ServiceProcess,
  headers: Record<string, string>,
  calls: Call[],
  concurrency: number,
): Promise<Map<string, Answer> & { failures: string[] }> {
  const answers = Object.assign(new Map<string, Answer>(), { failures: [] as string[] });
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const call = calls[next++] as Call;
      try {
        const answer = await http(service, 'POST', call.path, {
          headers: { ...headers, 'idempotency-key': call.key },
          body: call.body,
        });
        answers.set(call.key, answer);
      } catch (error) {
        // The process died with the request in flight: no answer. Kept to say why when it was not that.
        const cause = (error as { cause?: unknown }).cause;
        answers.failures.push(`${call.key}: ${String(error)}${cause ? ` (${String(cause)})` : ''}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answers;
}

test('kill -9 under create and refund load: retries lose no answer and repeat no write', {
  timeout: 180_000,
}, async (t) => {
  const db = await sharedDatabase(t);
  const receiver = await startWebhookReceiver(t);
  const seed = await seedApp(t, db);
  const hook = '/merchant/crash';
  const m = await merchant(seed, {
    integration: { webhookUrl: receiver.urlFor(hook), isRetryWebhookEnabled: true },
  });
  receiver.setSecret(hook, m.webhookSecret);

  const first = await startServiceProcess(t, db, ENV);
  const opening = await balances(first);
  const paid: string[] = [];
  for (let i = 0; i < PAID; i++) {
    const created = await http(first, 'POST', '/merchant/v1/payments/process', {
      headers: m.headers,
      body: paymentBody({ invoiceRefNumber: `PAID-${i}`, amount: '20.00' }),
    });
    assert.equal(created.status, 200, created.text);
    await payAtSandbox(first, 'payment', created.json().result.link);
    paid.push(created.json().result.id);
  }
  const statusOf = async (id: string) =>
    (
      await seed.deps.db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  await eventually(
    async () => (await Promise.all(paid.map(statusOf))).every((s) => s === 'paid'),
    30_000,
    'paid',
  );

  // The creates, with a refund of one of the paid payments after every few of them.
  const calls: Call[] = [];
  const every = Math.floor(CREATES / PAID);
  for (let i = 0; i < CREATES; i++) {
    calls.push({
      key: `create-${i}`,
      path: '/merchant/v1/payments/process',
      body: paymentBody({ invoiceRefNumber: `LOAD-${i}`, amount: '1.23' }),
    });
    const id = i % every === 0 ? paid[i / every] : undefined;
    if (id)
      calls.push({
        key: `refund-${id}`,
        path: `/merchant/v1/payments/${id}/refund`,
        body: { amount: '5.00' },
      });
  }
  // The kill comes when the database, not the client, has seen KILL_AT creates: the process is then
  // busy, with writes committed whose answers have not left it yet.
  const created = async () =>
    Number(
      (
        await seed.deps.db
          .selectFrom('payments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('invoice_ref', 'like', 'LOAD-%')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const killer = (async () => {
    while ((await created()) < KILL_AT) await new Promise((resolve) => setTimeout(resolve, 2));
    await first.kill('SIGKILL');
  })();
  const before = await runAll(first, m.headers, calls, LOAD_CONCURRENCY);
  await killer;
  assert.ok(before.size < calls.length, 'the kill cut the load short');
  for (const [key, answer] of before) assert.equal(answer.status, 200, `${key}: ${answer.text}`);

  const second = await startServiceProcess(t, db, ENV);
  const retried = await runAll(second, m.headers, calls, RETRY_CONCURRENCY);
  assert.equal(retried.size, calls.length, `unanswered on retry: ${retried.failures.slice(0, 3).join('; ')}`);
  const unanswered = calls.filter((c) => !before.has(c.key));
  const committedUnanswered = unanswered.filter((c) =>
    retried.get(c.key)?.headers.get('idempotent-replayed'),
  );
  t.diagnostic(
    `${before.size} answered before the kill; of the ${unanswered.length} others, ${committedUnanswered.length} had committed (replayed), the rest ran again`,
  );
  for (const call of calls) {
    const answer = retried.get(call.key) as Answer;
    assert.equal(answer.status, 200, `${call.key} after the restart: ${answer.text}`);
    const acknowledged = before.get(call.key);
    if (acknowledged) {
      assert.equal(answer.headers.get('idempotent-replayed'), 'true', call.key);
      assert.deepEqual(answer.json(), acknowledged.json(), `${call.key}: the stored answer`);
    }
  }

  // Nothing twice: one payment per create, one refund per refunded payment, each the one answered.
  const payments = await seed.deps.db
    .selectFrom('payments')
    .select(['id', 'invoice_ref', 'status', 'amount'])
    .where('integration_id', '=', m.integrationId)
    .execute();
  for (let i = 0; i < CREATES; i++) {
    const made = payments.filter((p) => p.invoice_ref === `LOAD-${i}`);
    assert.equal(made.length, 1, `LOAD-${i} created once`);
    assert.equal(made[0]?.id, retried.get(`create-${i}`)?.json().result.id);
  }
  const refundCalls = calls.filter((c) => c.key.startsWith('refund-'));
  assert.ok(refundCalls.length > 10);
  for (const call of refundCalls) {
    const id = call.key.slice('refund-'.length);
    const refunds = await seed.deps.db
      .selectFrom('refunds')
      .select('id')
      .where('payment_id', '=', id)
      .execute();
    assert.equal(refunds.length, 1, `${id} refunded once`);
  }

  // Every committed change's webhook reached the receiver.
  const undelivered = async () =>
    seed.deps.db
      .selectFrom('events')
      .select('id')
      .where('destination_kind', '=', 'integration')
      .where('destination_id', '=', m.integrationId)
      .where('state', '!=', 'delivered')
      .execute();
  await eventually(async () => (await undelivered()).length === 0, 45_000, 'every webhook delivered');
  const events = await seed.deps.db
    .selectFrom('events')
    .select('id')
    .where('destination_id', '=', m.integrationId)
    .execute();
  assert.ok(events.length >= CREATES + PAID);
  for (const event of events) assert.ok(receiver.acknowledged.has(event.id), `event ${event.id} received`);
  assert.ok(receiver.received.every((w) => w.verified));
  for (const payment of payments) {
    const seen = receiver.received
      .filter((w) => w.body.data?.id === payment.id)
      .map((w) => w.body.data.status);
    assert.ok(seen.includes(payment.status), `${payment.id}: its ${payment.status} webhook`);
  }

  // The ledger: money only moved between accounts, and the merchant holds exactly the paid payments
  // (refunds are started, not yet authorised at the bank).
  const closing = await balances(second);
  assert.equal(sum(closing.values()), sum(opening.values()), 'no money made or lost');
  const account = await seed.deps.db
    .selectFrom('bank_accounts')
    .select(['sort_code', 'account_number'])
    .where('id', '=', m.bankAccountId)
    .executeTakeFirstOrThrow();
  const received = sum(payments.filter((p) => p.invoice_ref.startsWith('PAID-')).map((p) => p.amount));
  assert.equal(received, PAID * 2000);
  assert.equal(closing.get(`${account.sort_code} ${account.account_number}`), received);

  assert.equal(await second.kill('SIGTERM'), 0, second.output());
});
