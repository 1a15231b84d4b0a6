// The customer's flow when things do not go straight: a declined authorisation, a bank that settles
// later or rejects, links that no longer take payments, and bad initiate bodies.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { syncPaymentsWithBanks } from '../../src/domain/payments/bank-sync-job.js';
import { cancelPayment } from '../../src/domain/payments/payment.service.js';
import { transactionsOf } from '../../src/domain/transactions/transaction.service.js';
import {
  SANDBOX_SORT_CODE,
  sandboxBankOf,
  settleBankPayment,
} from '../../src/providers/sandbox-bank/index.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { merchant } from '../helpers/merchant.js';
import { http, ledger, paidPayment, payAtSandbox, statusOf, tokenOf } from '../helpers/payment-flow.js';

const PAYER = `${SANDBOX_SORT_CODE} 10000001`;

async function sentPayment(
  app: Awaited<ReturnType<typeof buildListeningApp>>,
  headers: Record<string, string>,
  body = {},
) {
  const res = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers,
    body: { invoiceRefNumber: 'INV-9', amount: '12.00', ...body },
  });
  assert.equal(res.status, 200, res.text);
  return res.json().result as { id: string; link: string };
}

test('a declined authorisation ends rejected, moves no money, and the link can be used again', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app, { integration: { servicePaymentPageRedirectEnabled: true } });
  const before = await ledger(app);
  const payment = await sentPayment(app, m.headers);

  const declined = await payAtSandbox(app, 'payment', payment.link, 'reject');
  assert.equal(declined.status, 303);
  assert.match(declined.location, /^\/public\/v1\/result\?state=/);
  const page = await http(app, 'GET', declined.location);
  assert.match(page.text, /data-status="rejected"/);
  assert.match(page.text, /id="retry" href="\/p\?=/);
  assert.equal(await statusOf(app, m, payment.id), 'rejected');
  assert.deepEqual(await ledger(app), before, 'no money moved');
  assert.equal((await transactionsOf(app.deps, 'Payment', payment.id)).length, 0);

  await payAtSandbox(app, 'payment', payment.link);
  assert.equal(await statusOf(app, m, payment.id), 'paid');
  const after = await ledger(app);
  assert.equal(after.get(PAYER), before.get(PAYER)! - 1200);
});

test('manual settlement: pending until the bank settles or rejects; the sync job and the sandbox controls', async (t) => {
  const app = await buildListeningApp(t, { SANDBOX_SETTLEMENT: 'manual' });
  const m = await merchant(app);
  const a = await sentPayment(app, m.headers);
  await payAtSandbox(app, 'payment', a.link);
  assert.equal(await statusOf(app, m, a.id), 'pending');
  const [tx] = await transactionsOf(app.deps, 'Payment', a.id);
  assert.equal(tx!.status, 'pending');
  const settled = await http(app, 'POST', `/sandbox/v1/payments/${a.id}/settle`);
  assert.equal(settled.status, 200, settled.text);
  assert.deepEqual(settled.json(), { status: 'paid' });
  assert.equal((await transactionsOf(app.deps, 'Payment', a.id))[0]!.status, 'completed');
  const twice = await http(app, 'POST', `/sandbox/v1/payments/${a.id}/settle`);
  assert.equal(twice.status, 409);

  const b = await sentPayment(app, m.headers);
  await payAtSandbox(app, 'payment', b.link);
  const rejected = await http(app, 'POST', `/sandbox/v1/payments/${b.id}/reject`);
  assert.deepEqual(rejected.json(), { status: 'rejected' });
  assert.equal((await transactionsOf(app.deps, 'Payment', b.id))[0]!.status, 'rejected');

  // Settled at the bank behind the service's back: the job notices.
  const c = await sentPayment(app, m.headers);
  await payAtSandbox(app, 'payment', c.link);
  const attempt = await app.deps.db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('payment_id', '=', c.id)
    .where('status', '=', 'submitted')
    .executeTakeFirstOrThrow();
  await settleBankPayment(sandboxBankOf(app.deps), attempt.bank_payment_id!);
  app.clock.advance(10_000);
  const report = await syncPaymentsWithBanks(app.deps);
  assert.equal(report.decided, 1);
  assert.equal(await statusOf(app, m, c.id), 'paid');

  const unknown = await http(app, 'POST', '/sandbox/v1/payments/0123456789abcdef01234567/settle');
  assert.equal(unknown.status, 404);
});

test('initiate: 401 text/plain for unknown, deleted, cancelled, paid and recurring links; 400 for bad providers', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const initiate = (body: Record<string, unknown>) =>
    http(app, 'POST', '/public/v1/payments/initiate', { body });
  const expired = async (body: Record<string, unknown>, why: string) => {
    const res = await initiate(body);
    assert.equal(res.status, 401, why);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(res.text, 'API token is expired', why);
  };
  await expired({ type: 'payment', id: 'no-such-token-at-all-here', externalId: 'ob-sandbox' }, 'unknown');
  const deleted = await sentPayment(app, m.headers);
  await http(app, 'DELETE', `/merchant/v1/payments/${deleted.id}`, { headers: m.headers });
  await expired({ type: 'payment', id: tokenOf(deleted.link), externalId: 'ob-sandbox' }, 'deleted');
  const cancelled = await sentPayment(app, m.headers);
  await cancelPayment(app.deps, { companyId: m.companyId }, cancelled.id);
  await expired({ type: 'payment', id: tokenOf(cancelled.link), externalId: 'ob-sandbox' }, 'cancelled');
  const paid = await paidPayment(app, m);
  await expired({ type: 'payment', id: tokenOf(paid.link), externalId: 'ob-sandbox' }, 'paid');
  await expired({ type: 'recurring payment', id: tokenOf(paid.link), externalId: 'ob-sandbox' }, 'recurring');
  await expired({ type: 'refund', id: tokenOf(paid.link), externalId: 'ob-sandbox' }, 'not a refund token');

  const live = await sentPayment(app, m.headers);
  for (const [body, field] of [
    [{ type: 'payment', id: tokenOf(live.link), externalId: 'ob-nowhere' }, '/externalId'],
    [{ type: 'payment', id: tokenOf(live.link) }, '/externalId'],
    [{ type: 'cash', id: tokenOf(live.link), externalId: 'ob-sandbox' }, '/type'],
    [{ type: 'payment', externalId: 'ob-sandbox' }, '/id'],
  ] as const) {
    const res = await initiate(body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.ok(
      res.json().errors.some((e: { field: string }) => e.field === field),
      res.text,
    );
  }
  // `other`: the service's own page with the merchant's details for a manual transfer.
  const manual = await initiate({ type: 'payment', id: tokenOf(live.link), externalId: 'other' });
  assert.equal(manual.status, 200);
  assert.equal(manual.json().data.expiresAt, null);
  const transfer = await http(app, 'GET', manual.json().data.authorizationUrl);
  assert.equal(transfer.status, 200);
  assert.match(transfer.text, /id="reference">INV-9</);
  assert.match(transfer.text, /id="sort-code">04-00-04</);
  assert.equal(await statusOf(app, m, live.id), 'sent');
});

test('a replayed or forged return changes nothing; an unknown state is a 404 page', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const payment = await sentPayment(app, m.headers);
  const initiated = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type: 'payment', id: tokenOf(payment.link), externalId: 'ob-sandbox' },
  });
  const { authorizationUrl } = initiated.json().data;
  const { redirectUrl } = (
    await http(app, 'POST', '/sandbox/v1/authorizations/approve', { body: { authorizationUrl } })
  ).json();
  const first = await http(app, 'GET', redirectUrl);
  assert.equal(first.status, 303);
  const replay = await http(app, 'GET', redirectUrl);
  assert.equal(replay.status, 303);
  assert.equal(await statusOf(app, m, payment.id), 'paid');
  assert.equal((await transactionsOf(app.deps, 'Payment', payment.id)).length, 1, 'paid once');

  const forged = await http(app, 'GET', '/public/v1/return?state=forged-state-value&code=abc');
  assert.equal(forged.status, 404);
  const incomplete = await http(app, 'GET', '/public/v1/return?state=only');
  assert.equal(incomplete.status, 400);
});
