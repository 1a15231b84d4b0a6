import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { merchant, paymentBody } from '../../helpers/merchant.js';

test('create draft: 200 {created, result} in the summary form, no link yet, no webhook', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const res = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments',
    headers: m.headers,
    payload: paymentBody(),
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['api-version'], '1.1');
  const { created, result } = res.json();
  assert.equal(created, true);
  assert.deepEqual(Object.keys(result).sort(), [
    'amount',
    'createdAt',
    'currency',
    'customRedirectUrl',
    'customerEmail',
    'customerEmailCC',
    'customerName',
    'dueDate',
    'id',
    'invoiceRefNumber',
    'status',
  ]);
  assert.equal(result.status, 'draft');
  assert.equal(result.amount, '25.50');
  assert.equal(result.currency, 'GBP');
  assert.deepEqual(result.customerEmailCC, ['books@customer.example', 'boss@customer.example']);
  assert.equal(result.dueDate, '2030-01-31T00:00:00.000Z');
  const events = await app.deps.db.selectFrom('events').selectAll().execute();
  assert.equal(events.length, 0, 'a draft is nobody else’s business yet');
});

test('create and process: processed form with link, QR data and history; e-mail and webhook queued', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const res = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments/process',
    headers: m.headers,
    payload: paymentBody({ customerEmailCC: ['books@customer.example'] }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const { created, result } = res.json();
  assert.equal(created, true);
  assert.equal(result.status, 'sent');
  assert.match(result.link, /^http:\/\/localhost:8080\/p\?=[A-Za-z0-9_-]{32}$/);
  assert.equal(result.qrCodeData, result.link);
  assert.equal(result.dataApiCheckStatus, 'not_applicable');
  assert.equal(result.lastDataApiCheckAt, null);
  assert.deepEqual(
    result.actionsHistory.map((a: any) => a.newEntityState.status),
    ['draft', 'sent'],
  );
  assert.equal(result.actionsHistory[1].newEntityState.link, result.link);

  const events = await app.deps.db.selectFrom('events').selectAll().orderBy('seq').execute();
  const webhook = events.find((e) => e.channel === 'webhook');
  assert.ok(webhook);
  assert.equal(webhook.destination_id, m.integrationId);
  const body = JSON.parse(webhook.payload);
  assert.equal(body.eventName, 'payment.status_updated');
  assert.equal(body.eventId, webhook.id);
  assert.equal(body.data.id, result.id);
  assert.equal(body.data.status, 'sent');
  const mail = events.find((e) => e.channel === 'email');
  assert.ok(mail);
  const email = JSON.parse(mail.payload);
  assert.deepEqual(email.to, ['cara@customer.example']);
  assert.deepEqual(email.cc, ['books@customer.example']);
  assert.ok(email.text.includes(result.link));
});

test('get, list (bare array, newest first, X-Total-Count), edit, process and delete', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const ids: string[] = [];
  for (const ref of ['A-1', 'A-2', 'A-3']) {
    const res = await app.call({
      method: 'POST',
      url: '/merchant/v1/payments',
      headers: m.headers,
      payload: paymentBody({ invoiceRefNumber: ref }),
    });
    ids.push(res.json().result.id);
    app.clock.advance(1000);
  }
  const got = await app.call({ method: 'GET', url: `/merchant/v1/payments/${ids[0]}`, headers: m.headers });
  assert.equal(got.statusCode, 200);
  assert.equal(got.json().result.invoiceRefNumber, 'A-1');
  assert.equal(got.json().created, true);

  const list = await app.call({ method: 'GET', url: '/merchant/v1/payments?limit=2', headers: m.headers });
  assert.ok(Array.isArray(list.json()));
  assert.deepEqual(
    list.json().map((p: any) => p.id),
    [ids[2], ids[1]],
  );
  assert.equal(list.headers['x-total-count'], '3');

  const edited = await app.call({
    method: 'PUT',
    url: `/merchant/v1/payments/${ids[0]}`,
    headers: m.headers,
    payload: {
      _id: ids[0],
      amount: '99.99',
      customerEmailCC: [],
      customRedirectUrl: 'https://shop.example/thanks/1',
    },
  });
  assert.equal(edited.statusCode, 200, edited.body);
  assert.equal(edited.json().saved, true);
  assert.equal(edited.json().result.amount, '99.99');
  assert.equal(edited.json().result.invoiceRefNumber, 'A-1');
  assert.equal(edited.json().result.customRedirectUrl, 'https://shop.example/thanks/1');

  const processed = await app.call({
    method: 'POST',
    url: `/merchant/v1/payments/${ids[0]}/process`,
    headers: m.headers,
  });
  assert.equal(processed.statusCode, 200);
  assert.deepEqual([processed.json().saved, processed.json().result.status], [true, 'sent']);

  const sentEdit = await app.call({
    method: 'PUT',
    url: `/merchant/v1/payments/${ids[0]}`,
    headers: m.headers,
    payload: { _id: ids[0], customerName: 'New Name' },
  });
  assert.equal(sentEdit.statusCode, 200, 'a sent payment can still be edited');

  const deleted = await app.call({
    method: 'DELETE',
    url: `/merchant/v1/payments/${ids[0]}`,
    headers: m.headers,
  });
  assert.deepEqual(deleted.json(), { deleted: true });
  const gone = await app.call({ method: 'GET', url: `/merchant/v1/payments/${ids[0]}`, headers: m.headers });
  assert.equal(gone.statusCode, 404);
});
