// The whole life of a one-off payment over real sockets: create and process, open the link, pay at the
// sandbox bank, land where the integration says, webhooks verified, paid with an incoming transaction,
// a partial refund then the rest, and the sandbox ledger agrees to the penny.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { transactionsOf } from '../../src/domain/transactions/transaction.service.js';
import { SANDBOX_SORT_CODE } from '../../src/providers/sandbox-bank/index.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { paymentBody } from '../helpers/merchant.js';
import {
  http,
  ledger,
  merchantAccountKey,
  merchantWithReceiver,
  payAtSandbox,
  tokenOf,
} from '../helpers/payment-flow.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

// Alice Smith, the sandbox bank's default demo customer, pays.
const PAYER_ACCOUNT = `${SANDBOX_SORT_CODE} 10000001`;

test('link -> sandbox bank -> redirect -> webhooks -> paid -> partial refund -> full refund; ledger agrees', async (t) => {
  const app = await buildListeningApp(t);
  const receiver = await startWebhookReceiver(t);
  const m = await merchantWithReceiver(app, receiver, {
    redirectUrl: 'https://shop.example/thanks?from=paybank',
    servicePaymentPageRedirectEnabled: false,
  });
  const before = await ledger(app);

  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody({ amount: '25.50', customRedirectUrl: undefined }),
  });
  assert.equal(created.status, 200, created.text);
  const payment = created.json().result;
  assert.equal(payment.status, 'sent');

  const page = await http(app, 'GET', new URL(payment.link).pathname + new URL(payment.link).search);
  assert.equal(page.status, 200);
  assert.match(page.text, /£25\.50/);
  assert.match(page.text, /INV-1001/);
  assert.match(page.text, /data-provider="ob-sandbox"/);

  const paid = await payAtSandbox(app, 'payment', payment.link);
  assert.equal(paid.status, 303);
  const landing = new URL(paid.location);
  assert.equal(landing.origin + landing.pathname, 'https://shop.example/thanks');
  assert.equal(landing.searchParams.get('from'), 'paybank');
  assert.equal(landing.searchParams.get('paymentId'), payment.id);
  assert.equal(landing.searchParams.get('status'), 'paid');

  const got = await http(app, 'GET', `/merchant/v1/payments/${payment.id}`, { headers: m.headers });
  assert.equal(got.json().result.status, 'paid');
  const incoming = await transactionsOf(app.deps, 'Payment', payment.id);
  assert.equal(incoming.length, 1);
  assert.equal(incoming[0]!.direction, 'incoming');
  assert.equal(incoming[0]!.status, 'completed');
  assert.equal(incoming[0]!.amountPence, 2550);

  // A paid link is finished: initiate answers the plain-text 401.
  const again = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type: 'payment', id: tokenOf(payment.link), externalId: 'ob-sandbox' },
  });
  assert.equal(again.status, 401);
  assert.equal(again.text, 'API token is expired');

  const partial = await http(app, 'POST', `/merchant/v1/payments/${payment.id}/refund`, {
    headers: m.headers,
    body: { amount: '10.25' },
  });
  assert.equal(partial.status, 200, partial.text);
  const refund1 = partial.json().result;
  assert.equal(refund1.status, 'refund_started');
  assert.match(refund1.refundLink, /\/rf\?=[A-Za-z0-9_-]{32}$/);
  assert.equal(refund1.refundQrCodeData, refund1.refundLink);
  const refunded1 = await payAtSandbox(app, 'refund', refund1.refundLink);
  assert.equal(refunded1.status, 303);
  assert.match(refunded1.location, /^\/public\/v1\/result\?state=/);
  const result = await http(app, 'GET', refunded1.location);
  assert.match(result.text, /data-status="settled"/);
  let now = (await http(app, 'GET', `/merchant/v1/payments/${payment.id}`, { headers: m.headers })).json()
    .result;
  assert.equal(now.status, 'partial_refund');

  const rest = await http(app, 'POST', `/merchant/v1/payments/${payment.id}/refund`, {
    headers: m.headers,
    body: {},
  });
  assert.equal(rest.status, 200, rest.text);
  await payAtSandbox(app, 'refund', rest.json().result.refundLink);
  now = (await http(app, 'GET', `/merchant/v1/payments/${payment.id}`, { headers: m.headers })).json().result;
  assert.equal(now.status, 'refunded');

  const all = await transactionsOf(app.deps, 'Payment', payment.id);
  assert.deepEqual(
    all.map((x) => [x.direction, x.status, x.amountPence]),
    [
      ['incoming', 'completed', 2550],
      ['outgoing', 'completed', 1025],
      ['outgoing', 'completed', 1525],
    ],
  );

  const after = await ledger(app);
  assert.equal(after.get(PAYER_ACCOUNT), before.get(PAYER_ACCOUNT), 'the payer has every penny back');
  assert.equal(after.get(await merchantAccountKey(app, m)), 0, 'the merchant keeps nothing of it');

  await drainOutbox(app.deps);
  await receiver.waitForAcknowledged(7);
  const hooks = receiver.received.filter((h) => h.body?.data?.id === payment.id);
  assert.ok(
    hooks.every((h) => h.verified),
    'every webhook verifies with the integration secret',
  );
  assert.deepEqual(
    hooks.map((h) => h.body.data.status),
    ['sent', 'pending', 'paid', 'refund_started', 'partial_refund', 'refund_started', 'refunded'],
  );
  assert.equal(hooks[0]!.body.eventName, 'payment.status_updated');
});
