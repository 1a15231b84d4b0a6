import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { merchant } from '../../helpers/merchant.js';
import { createRecurring, recurringBody, setNow } from '../../helpers/recurring.js';

const FORM_KEYS = [
  'actionsHistory',
  'createdAt',
  'currency',
  'customerEmail',
  'customerEmailCC',
  'customerName',
  'expectedNumberOfPayments',
  'finalPaymentDate',
  'firstPaymentDate',
  'frequency',
  'id',
  'initialPayment',
  'invoiceRefNumber',
  'qrCodeData',
  'recurringAmount',
  'status',
];

test('create draft: 201 {created, result} in the form of spec 2.4, schedule written, no webhook', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  const res = await app.call({
    method: 'POST',
    url: '/merchant/v1/recurring-payments',
    headers: m.headers,
    payload: recurringBody({ recurringPaymentDate: '2027-03-31' }),
  });
  assert.equal(res.statusCode, 201, res.body);
  assert.equal(res.headers['api-version'], '1.1');
  const { created, result } = res.json();
  assert.equal(created, true);
  assert.deepEqual(Object.keys(result).sort(), FORM_KEYS);
  assert.equal(result.status, 'draft');
  assert.equal(result.invoiceRefNumber, 'gym-2027');
  assert.equal(result.recurringAmount, '25.00');
  assert.equal(result.firstPaymentDate, '2027-03-31T00:00:00.000Z');
  assert.equal(result.finalPaymentDate, '2027-05-31T00:00:00.000Z');
  assert.equal(result.expectedNumberOfPayments, 3);
  assert.equal(result.frequency, 'one_month');
  assert.equal(result.initialPayment, null);
  assert.equal(result.qrCodeData, null);
  assert.equal(result.currency, 'GBP');
  assert.deepEqual(result.customerEmailCC, ['books@customer.example']);
  assert.deepEqual(
    result.actionsHistory.map((a: any) => a.newEntityState.status),
    ['draft'],
  );

  const items = await app.call({
    method: 'GET',
    url: `/merchant/v1/recurring-payments/${result.id}/payments`,
    headers: m.headers,
  });
  assert.equal(items.statusCode, 200, items.body);
  assert.deepEqual(
    items.json().map((i: any) => [i.expectedPaymentDate.slice(0, 10), i.status, i.amount, i.completedAt]),
    [
      ['2027-03-31', 'pending', '25.00', null],
      ['2027-04-30', 'pending', '25.00', null],
      ['2027-05-31', 'pending', '25.00', null],
    ],
  );
  assert.deepEqual(Object.keys(items.json()[0]).sort(), [
    'amount',
    'completedAt',
    'expectedPaymentDate',
    'id',
    'status',
  ]);
  const events = await app.deps.db.selectFrom('events').selectAll().execute();
  assert.equal(events.length, 0, 'a draft is nobody else’s business yet');
});

test('create and send: 201 {success, result}, link, initial payment, e-mail and webhook', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  const res = await app.call({
    method: 'POST',
    url: '/merchant/v1/recurring-payments/send',
    headers: m.headers,
    payload: recurringBody({ initialPaymentAmount: '10.00', numberOfPayments: 0, frequency: 'one_week' }),
  });
  assert.equal(res.statusCode, 201, res.body);
  const { success, result } = res.json();
  assert.equal(success, true);
  assert.equal(result.status, 'sent');
  assert.match(result.qrCodeData, /^http:\/\/localhost:8080\/rp\?=[A-Za-z0-9_-]{32}$/);
  assert.equal(result.finalPaymentDate, null);
  assert.equal(result.expectedNumberOfPayments, 0);
  assert.deepEqual(Object.keys(result.initialPayment).sort(), [
    'amount',
    'createdAt',
    'currency',
    'customerEmail',
    'customerEmailCC',
    'customerName',
    'dueDate',
    'id',
    'invoiceRefNumber',
    'status',
  ]);
  assert.equal(result.initialPayment.amount, '10.00');
  assert.equal(result.initialPayment.status, 'sent');
  assert.equal(result.initialPayment.invoiceRefNumber, 'gym-2027');
  assert.deepEqual(
    result.actionsHistory.map((a: any) => a.newEntityState.status),
    ['draft', 'sent'],
  );
  assert.equal(result.actionsHistory[1].newEntityState.qrCodeData, result.qrCodeData);

  // An indefinite weekly schedule keeps a rolling window of items.
  const items = await app.call({
    method: 'GET',
    url: `/merchant/v1/recurring-payments/${result.id}/payments`,
    headers: m.headers,
  });
  assert.equal(items.json().length, 12);
  assert.equal(items.json()[1].expectedPaymentDate, '2027-04-07T00:00:00.000Z');

  // The QR code renders the same link; a deleted recurring payment's code stops resolving.
  const token = result.qrCodeData.slice(result.qrCodeData.indexOf('?=') + 2);
  const qr = await app.call({ method: 'GET', url: `/public/v1/qr/${token}.svg` });
  assert.equal(qr.statusCode, 200);
  assert.match(String(qr.headers['content-type']), /^image\/svg\+xml/);
  const png = await app.call({ method: 'GET', url: `/public/v1/qr/${token}.png` });
  assert.equal(png.statusCode, 200);

  const events = await app.deps.db.selectFrom('events').selectAll().orderBy('seq').execute();
  const statusEvents = events.filter((e) => e.event_name === 'recurring_payment.status_updated');
  assert.equal(statusEvents.length, 1);
  const body = JSON.parse(statusEvents[0]!.payload);
  assert.equal(body.eventId, statusEvents[0]!.id);
  assert.equal(body.data.id, result.id);
  assert.equal(body.data.status, 'sent');
  assert.equal(statusEvents[0]!.destination_id, m.integrationId);
  const mail = events.find((e) => e.channel === 'email');
  assert.ok(mail);
  const email = JSON.parse(mail.payload);
  assert.deepEqual(email.to, ['cara@customer.example']);
  assert.deepEqual(email.cc, ['books@customer.example']);
  assert.ok(email.text.includes(result.qrCodeData));
  assert.ok(email.text.includes('£25.00 every week'));
  assert.ok(email.text.includes('£10.00'));
});

test('get (bare), list (bare array, newest first, X-Total-Count), edit, send, delete, cancel', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  const ids: string[] = [];
  for (const reference of ['a-1', 'a-2', 'a-3']) {
    ids.push((await createRecurring(app, m, { reference })).id);
    app.clock.advance(1000);
  }
  const got = await app.call({
    method: 'GET',
    url: `/merchant/v1/recurring-payments/${ids[0]}`,
    headers: m.headers,
  });
  assert.equal(got.statusCode, 200);
  assert.equal(got.json().invoiceRefNumber, 'a-1');
  assert.equal(got.json().id, ids[0]);

  const list = await app.call({
    method: 'GET',
    url: '/merchant/v1/recurring-payments?limit=2',
    headers: m.headers,
  });
  assert.equal(list.statusCode, 200, list.body);
  assert.deepEqual(
    list.json().map((r: any) => r.id),
    [ids[2], ids[1]],
  );
  assert.equal(list.headers['x-total-count'], '3');

  const edited = await app.call({
    method: 'PUT',
    url: `/merchant/v1/recurring-payments/${ids[0]}`,
    headers: m.headers,
    payload: recurringBody({
      reference: 'a-1b',
      recurringAmount: '30.00',
      recurringPaymentDate: '2027-03-31T09:00:00Z',
      numberOfPayments: 2,
      frequency: 'three_months',
      initialPaymentAmount: '5.00',
    }),
  });
  assert.equal(edited.statusCode, 200, edited.body);
  const result = edited.json().result;
  assert.equal(edited.json().saved, true);
  assert.equal(result.invoiceRefNumber, 'a-1b');
  assert.equal(result.recurringAmount, '30.00');
  assert.equal(result.finalPaymentDate, '2027-06-30T09:00:00.000Z');
  assert.equal(result.initialPayment.amount, '5.00');
  assert.equal(result.initialPayment.status, 'draft');
  const items = await app.call({
    method: 'GET',
    url: `/merchant/v1/recurring-payments/${ids[0]}/payments`,
    headers: m.headers,
  });
  assert.deepEqual(
    items.json().map((i: any) => [i.expectedPaymentDate, i.amount]),
    [
      ['2027-03-31T09:00:00.000Z', '30.00'],
      ['2027-06-30T09:00:00.000Z', '30.00'],
    ],
  );

  const sent = await app.call({
    method: 'POST',
    url: `/merchant/v1/recurring-payments/${ids[0]}/send`,
    headers: m.headers,
  });
  assert.equal(sent.statusCode, 200, sent.body);
  assert.equal(sent.json().success, true);
  assert.equal(sent.json().result.status, 'sent');
  assert.equal(sent.json().result.initialPayment.status, 'sent');
  assert.ok(sent.json().result.qrCodeData);

  const deleted = await app.call({
    method: 'DELETE',
    url: `/merchant/v1/recurring-payments/${ids[1]}`,
    headers: m.headers,
  });
  assert.equal(deleted.statusCode, 200, deleted.body);
  assert.deepEqual(deleted.json(), { deleted: true });
  const gone = await app.call({
    method: 'GET',
    url: `/merchant/v1/recurring-payments/${ids[1]}`,
    headers: m.headers,
  });
  assert.equal(gone.statusCode, 404);

  const cancelled = await app.call({
    method: 'POST',
    url: `/merchant/v1/recurring-payments/${ids[0]}/cancel`,
    headers: m.headers,
  });
  assert.equal(cancelled.statusCode, 200, cancelled.body);
  assert.equal(cancelled.json().saved, true);
  assert.equal(cancelled.json().result.status, 'cancelled');
  assert.equal(cancelled.json().result.initialPayment.status, 'cancelled');
  const after = await app.call({
    method: 'GET',
    url: `/merchant/v1/recurring-payments/${ids[0]}/payments`,
    headers: m.headers,
  });
  assert.deepEqual(
    after.json().map((i: any) => i.status),
    ['cancelled', 'cancelled'],
  );
  const itemEvents = await app.deps.db
    .selectFrom('events')
    .select('payload')
    .where('event_name', '=', 'recurring_payment.item_updated')
    .execute();
  assert.equal(itemEvents.length, 2);
  assert.equal(JSON.parse(itemEvents[0]!.payload).data.recurringPaymentId, ids[0]);
});

test('deleting a sent recurring payment ends its link, its QR code and its initial payment', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  const sent = await createRecurring(app, m, { initialPaymentAmount: '5.00' }, true);
  const token = sent.qrCodeData.slice(sent.qrCodeData.indexOf('?=') + 2);
  assert.equal((await app.call({ method: 'GET', url: `/rp?=${token}` })).statusCode, 200);
  const deleted = await app.call({
    method: 'DELETE',
    url: `/merchant/v1/recurring-payments/${sent.id}`,
    headers: m.headers,
  });
  assert.equal(deleted.statusCode, 200, deleted.body);
  assert.equal((await app.call({ method: 'GET', url: `/rp?=${token}` })).statusCode, 404);
  assert.equal((await app.call({ method: 'GET', url: `/public/v1/qr/${token}.svg` })).statusCode, 404);
  const initiate = await app.call({
    method: 'POST',
    url: '/public/v1/payments/initiate',
    payload: { type: 'recurring payment', id: token, externalId: 'ob-sandbox' },
  });
  assert.equal(initiate.statusCode, 401);
  const initial = await app.call({
    method: 'GET',
    url: `/merchant/v1/payments/${sent.initialPayment.id}`,
    headers: m.headers,
  });
  assert.equal(initial.statusCode, 404);
});
