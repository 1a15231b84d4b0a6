// The whole life of a recurring payment over real sockets: create and send, the customer pays the
// initial payment and sets up the standing order at the sandbox bank, lands where the integration says,
// the clock passes three monthly dates, every item is paid with its incoming transaction, webhooks are
// received and verified, and the recurring payment completes; the sandbox ledger agrees to the penny.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { transactionsOf } from '../../src/domain/transactions/transaction.service.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { http, ledger, merchantAccountKey, merchantWithReceiver, tokenOf } from '../helpers/payment-flow.js';
import {
  advanceDays,
  decideAtSandbox,
  initiateRecurring,
  itemsOf,
  recurringBody,
  recurringOf,
  setNow,
} from '../helpers/recurring.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

test('send -> initial payment and standing order at the sandbox bank -> active -> 3 monthly dates paid -> completed', async (t) => {
  const app = await buildListeningApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const receiver = await startWebhookReceiver(t);
  const m = await merchantWithReceiver(app, receiver, {
    redirectUrl: 'https://shop.example/subscribed?from=paybank',
    servicePaymentPageRedirectEnabled: false,
  });
  const merchantKey = await merchantAccountKey(app, m);

  const created = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
    headers: m.headers,
    body: recurringBody({ initialPaymentAmount: '10.00' }),
  });
  assert.equal(created.status, 201, created.text);
  const recurring = created.json().result;
  assert.equal(recurring.status, 'sent');
  const link: string = recurring.qrCodeData;

  // The customer's page shows the schedule and the initial payment.
  const page = await http(app, 'GET', `/rp?=${tokenOf(link)}`);
  assert.equal(page.status, 200);
  assert.match(page.text, /£25\.00/);
  assert.match(page.text, /gym-2027/);
  assert.match(page.text, /31 March 2027/);
  assert.match(page.text, /30 April 2027/);
  assert.match(page.text, /31 May 2027/);
  assert.match(page.text, /£10\.00/);
  assert.match(page.text, /data-provider="ob-sandbox"/);

  // First the initial payment, then straight on to the standing order at the same bank.
  const firstPage = await initiateRecurring(app, link);
  const next = await decideAtSandbox(app, firstPage);
  assert.ok(next.startsWith(`${app.baseUrl}/sandbox-bank/`), `to the bank for the standing order: ${next}`);
  const landed = new URL(await decideAtSandbox(app, next));
  assert.equal(landed.origin + landed.pathname, 'https://shop.example/subscribed');
  assert.equal(landed.searchParams.get('from'), 'paybank');
  assert.equal(landed.searchParams.get('paymentId'), recurring.id);
  assert.equal(landed.searchParams.get('status'), 'active');

  const active = await recurringOf(app, m, recurring.id);
  assert.equal(active.status, 'active');
  assert.equal(active.initialPayment.status, 'paid');
  // Set up: the link does not set it up a second time.
  const again = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type: 'recurring payment', id: tokenOf(link), externalId: 'ob-sandbox' },
  });
  assert.equal(again.status, 401);
  assert.equal(again.text, 'API token is expired');

  const before = await ledger(app);
  await advanceDays(app, 30); // 2027-03-31
  assert.deepEqual(
    (await itemsOf(app, m, recurring.id)).map((i) => i.status),
    ['paid', 'pending', 'pending'],
  );
  await advanceDays(app, 30); // 2027-04-30
  await advanceDays(app, 31); // 2027-05-31
  const items = await itemsOf(app, m, recurring.id);
  assert.deepEqual(
    items.map((i) => [i.status, i.completedAt]),
    [
      ['paid', '2027-03-31T00:00:00.000Z'],
      ['paid', '2027-04-30T00:00:00.000Z'],
      ['paid', '2027-05-31T00:00:00.000Z'],
    ],
  );
  assert.equal((await recurringOf(app, m, recurring.id)).status, 'completed');

  const incoming = await transactionsOf(app.deps, 'RecurringPayment', recurring.id);
  assert.equal(incoming.length, 3);
  for (const tx of incoming) {
    assert.equal(tx.direction, 'incoming');
    assert.equal(tx.status, 'completed');
    assert.equal(tx.amountPence, 2500);
    assert.equal(tx.reference, 'gym-2027');
  }
  const after = await ledger(app);
  assert.equal((after.get(merchantKey) ?? 0) - (before.get(merchantKey) ?? 0), 7500);

  // Every webhook arrived, signed; statuses and items in the order they happened.
  await receiver.waitForAcknowledged(receiver.received.length);
  assert.ok(receiver.received.every((w) => w.verified));
  const mine = receiver.received.filter(
    (w) => w.body.data.recurringPaymentId === recurring.id || w.body.data.id === recurring.id,
  );
  const story = mine.map((w) =>
    w.body.eventName === 'recurring_payment.item_updated' ? `item:${w.body.data.status}` : w.body.data.status,
  );
  assert.deepEqual(story, ['sent', 'active', 'item:paid', 'item:paid', 'item:paid', 'completed']);
  const initial = receiver.received.filter(
    (w) => w.body.eventName === 'payment.status_updated' && w.body.data.id === active.initialPayment.id,
  );
  assert.deepEqual(
    initial.map((w) => w.body.data.status),
    ['sent', 'pending', 'paid'],
  );
});
