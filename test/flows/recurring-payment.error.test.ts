// What goes wrong with recurring payments, over real sockets with the sandbox bank: a failed standing-order
// payment (missed item), a declined set-up, a first date passed without set-up (overdue), a standing order
// cancelled at the bank, the merchant's cancel, and an indefinite schedule rolling on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { transactionsOf } from '../../src/domain/transactions/transaction.service.js';
import { drainOutbox } from '../../src/workers/dispatcher.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { http, merchantWithReceiver, tokenOf } from '../helpers/payment-flow.js';
import {
  advanceDays,
  decideAtSandbox,
  initiateRecurring,
  itemsOf,
  recurringBody,
  recurringOf,
  setNow,
} from '../helpers/recurring.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

async function world(t: Parameters<typeof buildListeningApp>[0]) {
  const app = await buildListeningApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const receiver = await startWebhookReceiver(t);
  const m = await merchantWithReceiver(app, receiver, { redirectUrl: 'https://shop.example/done' });
  const send = async (overrides: Record<string, unknown> = {}) => {
    const res = await http(app, 'POST', '/merchant/v1/recurring-payments/send', {
      headers: m.headers,
      body: recurringBody(overrides),
    });
    assert.equal(res.status, 201, res.text);
    return res.json().result as { id: string; qrCodeData: string };
  };
  const setUp = async (overrides: Record<string, unknown> = {}) => {
    const sent = await send(overrides);
    await decideAtSandbox(app, await initiateRecurring(app, sent.qrCodeData));
    assert.equal((await recurringOf(app, m, sent.id)).status, 'active');
    return sent;
  };
  return { app, receiver, m, send, setUp };
}

function webhooksOf(receiver: WebhookReceiver, id: string) {
  return receiver.received.filter((w) => w.body.data.id === id || w.body.data.recurringPaymentId === id);
}

test('a failed standing-order payment gives a missed item and its webhook; the rest are paid, then completed', async (t) => {
  const { app, receiver, m, setUp } = await world(t);
  const { id } = await setUp();
  const failed = await http(app, 'POST', '/sandbox/v1/standing-orders/fail-next', {
    body: { recurringPaymentId: id },
  });
  assert.equal(failed.status, 200, failed.text);
  assert.equal(failed.json().recurringPaymentId, id);

  await advanceDays(app, 30); // 31 March: the bank fails it
  const [first] = await itemsOf(app, m, id);
  assert.equal(first!.status, 'missed');
  assert.equal(first!.completedAt, null);
  const missed = webhooksOf(receiver, id).filter(
    (w) => w.body.eventName === 'recurring_payment.item_updated',
  );
  assert.equal(missed.length, 1);
  assert.equal(missed[0]!.verified, true);
  assert.deepEqual(
    [missed[0]!.body.data.id, missed[0]!.body.data.status, missed[0]!.body.data.expectedPaymentDate],
    [first!.id, 'missed', '2027-03-31T00:00:00.000Z'],
  );

  await advanceDays(app, 30);
  await advanceDays(app, 31);
  assert.deepEqual(
    (await itemsOf(app, m, id)).map((i) => i.status),
    ['missed', 'paid', 'paid'],
  );
  // Every item is decided: the schedule is over.
  assert.equal((await recurringOf(app, m, id)).status, 'completed');
  assert.equal((await transactionsOf(app.deps, 'RecurringPayment', id)).length, 2);
  assert.ok(receiver.received.every((w) => w.verified));
});

test('a declined set-up is rejected (webhook) and the link works again; a first date passed unset is overdue', async (t) => {
  const { app, receiver, m, send } = await world(t);
  const sent = await send();
  const back = await decideAtSandbox(app, await initiateRecurring(app, sent.qrCodeData), 'reject');
  // servicePaymentPageRedirectEnabled: the service's result page first, with a way to try again.
  assert.match(back, /^\/public\/v1\/recurring\/result\?state=/);
  const result = await http(app, 'GET', back);
  assert.equal(result.status, 200);
  assert.match(result.text, /data-status="rejected"/);
  assert.match(result.text, /not approved at your bank/);
  assert.ok(result.text.includes(`href="/rp?=${tokenOf(sent.qrCodeData)}"`));
  assert.ok(result.text.includes(`https://shop.example/done?paymentId=${sent.id}&amp;status=rejected`));
  assert.equal((await recurringOf(app, m, sent.id)).status, 'rejected');
  // Tried again: set up.
  await decideAtSandbox(app, await initiateRecurring(app, sent.qrCodeData));
  assert.equal((await recurringOf(app, m, sent.id)).status, 'active');

  const late = await send({ reference: 'late-one', recurringPaymentDate: '2027-03-04' });
  await advanceDays(app, 4); // Friday 5 March: the first date has passed
  const overdue = await recurringOf(app, m, late.id);
  assert.equal(overdue.status, 'overdue');
  const initiate = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type: 'recurring payment', id: tokenOf(late.qrCodeData), externalId: 'ob-sandbox' },
  });
  assert.equal(initiate.status, 401);
  assert.equal(initiate.text, 'API token is expired');
  // The merchant moves the date and sends it again: the same link works.
  const edited = await http(app, 'PUT', `/merchant/v1/recurring-payments/${late.id}`, {
    headers: m.headers,
    body: recurringBody({ reference: 'late-one', recurringPaymentDate: '2027-04-15' }),
  });
  assert.equal(edited.status, 200, edited.text);
  const resent = await http(app, 'POST', `/merchant/v1/recurring-payments/${late.id}/send`, {
    headers: m.headers,
  });
  assert.equal(resent.status, 200, resent.text);
  assert.equal(resent.json().result.qrCodeData, late.qrCodeData);
  await decideAtSandbox(app, await initiateRecurring(app, late.qrCodeData));
  assert.equal((await recurringOf(app, m, late.id)).status, 'active');

  await drainOutbox(app.deps);
  const statuses = (id: string) =>
    webhooksOf(receiver, id)
      .filter((w) => w.body.eventName === 'recurring_payment.status_updated')
      .map((w) => w.body.data.status);
  assert.deepEqual(statuses(sent.id), ['sent', 'rejected', 'active']);
  assert.deepEqual(statuses(late.id), ['sent', 'overdue', 'sent', 'active']);
});

test('cancelled at the bank -> cancelled_by_customer; the merchant cancels an active one and the customer is told', async (t) => {
  const { app, receiver, m, setUp } = await world(t);
  const atBank = await setUp();
  const byMerchant = await setUp({ reference: 'box-2027', customerEmail: 'dan@customer.example' });

  // The customer cancels the standing order in their banking app (the sandbox bank's record of it).
  const { standing_order_id } = await app.deps.db
    .selectFrom('recurring_payments')
    .select('standing_order_id')
    .where('id', '=', atBank.id)
    .executeTakeFirstOrThrow();
  await app.deps.db
    .updateTable('sandbox_bank_standing_orders')
    .set({ status: 'Cancelled' })
    .where('id', '=', standing_order_id as string)
    .execute();
  await advanceDays(app, 1);
  assert.equal((await recurringOf(app, m, atBank.id)).status, 'cancelled_by_customer');
  assert.deepEqual(
    (await itemsOf(app, m, atBank.id)).map((i) => i.status),
    ['cancelled', 'cancelled', 'cancelled'],
  );

  const cancelled = await http(app, 'POST', `/merchant/v1/recurring-payments/${byMerchant.id}/cancel`, {
    headers: m.headers,
  });
  assert.equal(cancelled.status, 200, cancelled.text);
  assert.equal(cancelled.json().result.status, 'cancelled');
  const mail = await app.deps.db
    .selectFrom('events')
    .select('payload')
    .where('channel', '=', 'email')
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
  const email = JSON.parse(mail.payload);
  assert.deepEqual(email.to, ['dan@customer.example']);
  assert.match(email.text, /cancel it in your bank's app/);
  // The bank may still pay; a cancelled recurring payment records nothing more.
  await advanceDays(app, 30);
  assert.deepEqual(
    (await itemsOf(app, m, byMerchant.id)).map((i) => i.status),
    ['cancelled', 'cancelled', 'cancelled'],
  );
  assert.equal((await transactionsOf(app.deps, 'RecurringPayment', byMerchant.id)).length, 0);
  const statuses = webhooksOf(receiver, atBank.id)
    .filter((w) => w.body.eventName === 'recurring_payment.status_updated')
    .map((w) => w.body.data.status);
  assert.deepEqual(statuses, ['sent', 'active', 'cancelled_by_customer']);
});

test('an indefinite weekly one keeps a rolling window of future items as its dates are paid', async (t) => {
  const { app, m, setUp } = await world(t);
  const { id } = await setUp({
    numberOfPayments: 0,
    frequency: 'one_week',
    recurringPaymentDate: '2027-03-05',
  });
  assert.equal((await itemsOf(app, m, id)).length, 12);
  await advanceDays(app, 31); // 31 March: 5, 12, 19, 26 March paid
  const items = await itemsOf(app, m, id);
  assert.deepEqual(
    items.slice(0, 5).map((i) => [i.expectedPaymentDate.slice(0, 10), i.status]),
    [
      ['2027-03-05', 'paid'],
      ['2027-03-12', 'paid'],
      ['2027-03-19', 'paid'],
      ['2027-03-26', 'paid'],
      ['2027-04-02', 'pending'],
    ],
  );
  assert.equal(items.filter((i) => i.status === 'pending').length, 12);
  const dates = items.map((i) => i.expectedPaymentDate);
  assert.deepEqual([...dates].sort(), dates);
  assert.equal(new Set(dates).size, dates.length);
  assert.equal((await recurringOf(app, m, id)).status, 'active');
});

test('fail-next control: 404 for an unknown recurring payment, 409 before it is set up, 400 for a bad id', async (t) => {
  const { app, send } = await world(t);
  const sent = await send();
  const control = (recurringPaymentId: string) =>
    http(app, 'POST', '/sandbox/v1/standing-orders/fail-next', { body: { recurringPaymentId } });
  assert.equal((await control('aaaaaaaaaaaaaaaaaaaaaaaa')).status, 404);
  const early = await control(sent.id);
  assert.equal(early.status, 409, early.text);
  assert.match(early.json().detail, /no standing order/);
  assert.equal((await control('nope')).status, 400);
});

test('a replayed bank return acts once: one standing order, one activation, one webhook', async (t) => {
  const { app, receiver, m, send } = await world(t);
  const sent = await send();
  const authorizationUrl = await initiateRecurring(app, sent.qrCodeData);
  const decided = await http(app, 'POST', '/sandbox/v1/authorizations/approve', {
    body: { authorizationUrl },
  });
  const redirectUrl = decided.json().redirectUrl;
  const [first, second] = await Promise.all([http(app, 'GET', redirectUrl), http(app, 'GET', redirectUrl)]);
  assert.equal(first.status, 303);
  assert.equal(second.status, 303);
  const third = await http(app, 'GET', redirectUrl);
  assert.equal(third.status, 303);
  assert.equal((await recurringOf(app, m, sent.id)).status, 'active');
  const orders = await app.deps.db.selectFrom('sandbox_bank_standing_orders').select('id').execute();
  assert.equal(orders.length, 1);
  await drainOutbox(app.deps);
  const statuses = webhooksOf(receiver, sent.id).map((w) => w.body.data.status);
  assert.deepEqual(statuses, ['sent', 'active']);
});

test('the initial payment declined at the bank: rejected, nothing set up; tried again, both steps complete', async (t) => {
  const { app, m, send } = await world(t);
  const sent = await send({ initialPaymentAmount: '12.00' });
  const back = await decideAtSandbox(app, await initiateRecurring(app, sent.qrCodeData), 'reject');
  assert.match(back, /^\/public\/v1\/recurring\/result\?state=/);
  const page = await http(app, 'GET', back);
  assert.match(page.text, /Regular payment not set up/);
  const declined = await recurringOf(app, m, sent.id);
  assert.equal(declined.status, 'rejected');
  assert.equal(declined.initialPayment.status, 'rejected');
  assert.equal(
    (await app.deps.db.selectFrom('sandbox_bank_standing_orders').select('id').execute()).length,
    0,
  );

  const next = await decideAtSandbox(app, await initiateRecurring(app, sent.qrCodeData));
  assert.match(next, /\/sandbox-bank\//);
  await decideAtSandbox(app, next);
  const active = await recurringOf(app, m, sent.id);
  assert.equal(active.status, 'active');
  assert.equal(active.initialPayment.status, 'paid');
});
