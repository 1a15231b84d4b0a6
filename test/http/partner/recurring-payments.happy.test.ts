import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { addBankAccount } from '../../helpers/partner-companies.js';
import { partnerMerchant } from '../../helpers/partner-payments.js';
import { recurringBody, setNow } from '../../helpers/recurring.js';

const FORM_KEYS = [
  'actionsHistory',
  'bankAccount',
  'createdAt',
  'currency',
  'customerEmail',
  'customerEmailCC',
  'customerName',
  'expectedNumberOfPayments',
  'externalReference',
  'finalPaymentDate',
  'firstPaymentDate',
  'frequency',
  'id',
  'initialPayment',
  'link',
  'qrCodeData',
  'recurringAmount',
  'reference',
  'status',
];

test('create: 200 {created, result} in the group D form of spec 2.4, into the default account; no webhook', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await partnerMerchant(app);
  const res = await app.call({
    method: 'POST',
    url: `${m.base}/recurring-payments`,
    headers: m.headers,
    payload: recurringBody({ customerEmailCC: ['books@customer.example', 'boss@customer.example'] }),
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['api-version'], '1.4');
  const { created, result } = res.json();
  assert.equal(created, true);
  assert.deepEqual(Object.keys(result).sort(), FORM_KEYS);
  assert.equal(result.status, 'draft');
  assert.equal(result.reference, 'gym-2027');
  assert.equal(result.externalReference, null, 'no standing order yet');
  assert.equal(result.recurringAmount, '25.00');
  assert.equal(result.firstPaymentDate, '2027-03-31T00:00:00.000Z');
  assert.equal(result.finalPaymentDate, '2027-05-31T00:00:00.000Z');
  assert.equal(result.expectedNumberOfPayments, 3);
  assert.equal(result.customerEmailCC, 'books@customer.example, boss@customer.example');
  assert.equal(result.bankAccount, m.bankAccountId, "the company's default account");
  assert.equal(result.link, null);
  assert.equal(result.qrCodeData, null);
  assert.equal(result.actionsHistory[0].newEntityState.reference, 'gym-2027');
  assert.equal(result.actionsHistory[0].newEntityState.invoiceRefNumber, undefined);
  const events = await app.deps.db
    .selectFrom('events')
    .select('event_name')
    .where('resource_id', '=', result.id)
    .execute();
  assert.deepEqual(events, [], 'a draft is not announced');
});

test('save and send: 200 {result}, link and initial payment; the webhook goes to the integration of the named account', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await partnerMerchant(app);
  const second = await addBankAccount(app, m.partner, m.companyId, { accountNumber: '44444444' });
  const integration = await app.call({
    method: 'POST',
    url: `${m.base}/integrations`,
    headers: m.headers,
    payload: { name: 'Gym app', webhookUrl: 'https://gym.example/hooks', bankAccount: second.id },
  });
  const gymIntegration = integration.json().result.id;
  const res = await app.call({
    method: 'POST',
    url: `${m.base}/recurring-payments/send`,
    headers: m.headers,
    payload: recurringBody({ bankAccount: second.id, initialPaymentAmount: '10.00' }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.deepEqual(Object.keys(body), ['result']);
  const { result } = body;
  assert.equal(result.status, 'sent');
  assert.equal(result.bankAccount, second.id);
  assert.match(result.link, /^http:\/\/localhost:8080\/rp\?=[A-Za-z0-9_-]{32}$/);
  assert.equal(result.qrCodeData, result.link);
  assert.equal(result.initialPayment.amount, '10.00');
  assert.equal(result.initialPayment.status, 'sent');
  assert.deepEqual(result.initialPayment.customerEmailCC, ['books@customer.example']);
  const row = await app.deps.db
    .selectFrom('recurring_payments')
    .select(['integration_id'])
    .where('id', '=', result.id)
    .executeTakeFirstOrThrow();
  assert.equal(row.integration_id, gymIntegration);
  const events = await app.deps.db
    .selectFrom('events')
    .select(['event_name', 'destination_id'])
    .where('resource_id', '=', result.id)
    .execute();
  assert.deepEqual(events, [
    { event_name: 'recurring_payment.status_updated', destination_id: gymIntegration },
  ]);
});

test('get {data}, list (envelope D), edit {saved}, send {saved}, items {data}, delete {deleted}', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await partnerMerchant(app);
  const ids: string[] = [];
  for (const reference of ['rp-1', 'rp-2', 'rp-3']) {
    const res = await app.call({
      method: 'POST',
      url: `${m.base}/recurring-payments`,
      headers: m.headers,
      payload: recurringBody({ reference }),
    });
    ids.push(res.json().result.id);
    app.clock.advance(1000);
  }
  const [id] = ids as [string];
  const got = await app.call({
    method: 'GET',
    url: `${m.base}/recurring-payments/${id}`,
    headers: m.headers,
  });
  assert.equal(got.statusCode, 200, got.body);
  assert.deepEqual(Object.keys(got.json().data).sort(), FORM_KEYS);
  assert.equal(got.json().data.reference, 'rp-1');

  const list = await app.call({
    method: 'GET',
    url: `${m.base}/recurring-payments?limit=2&page=2`,
    headers: m.headers,
  });
  assert.equal(list.statusCode, 200, list.body);
  const data = list.json().data;
  assert.deepEqual(
    [data.totalDocs, data.totalPages, data.page, data.pagingCounter, data.hasPrevPage, data.prevPage],
    [3, 2, 2, 3, true, 1],
  );
  assert.deepEqual(
    data.docs.map((d: { id: string }) => d.id),
    [id],
  );

  const edited = await app.call({
    method: 'PUT',
    url: `${m.base}/recurring-payments/${id}`,
    headers: m.headers,
    payload: recurringBody({
      reference: 'rp-1b',
      recurringAmount: '30.00',
      numberOfPayments: 2,
      bankAccount: m.bankAccountId,
    }),
  });
  assert.equal(edited.statusCode, 200, edited.body);
  assert.equal(edited.json().saved, true);
  assert.equal(edited.json().result.reference, 'rp-1b');
  assert.equal(edited.json().result.recurringAmount, '30.00');

  const items = await app.call({
    method: 'GET',
    url: `${m.base}/recurring-payments/${id}/payments`,
    headers: m.headers,
  });
  assert.equal(items.statusCode, 200, items.body);
  assert.deepEqual(
    items.json().data.map((i: any) => [i.amount, i.status, i.expectedPaymentDate, i.completedAt]),
    [
      ['30.00', 'pending', '2027-03-31T00:00:00.000Z', null],
      ['30.00', 'pending', '2027-04-30T00:00:00.000Z', null],
    ],
  );
  assert.deepEqual(Object.keys(items.json().data[0]).sort(), [
    'amount',
    'completedAt',
    'expectedPaymentDate',
    'id',
    'status',
  ]);

  const sent = await app.call({
    method: 'POST',
    url: `${m.base}/recurring-payments/${id}/send`,
    headers: m.headers,
  });
  assert.equal(sent.statusCode, 200, sent.body);
  assert.equal(sent.json().saved, true);
  assert.equal(sent.json().result.status, 'sent');
  assert.match(sent.json().result.link, /\/rp\?=/);

  const deleted = await app.call({
    method: 'DELETE',
    url: `${m.base}/recurring-payments/${id}`,
    headers: m.headers,
  });
  assert.equal(deleted.statusCode, 200, deleted.body);
  assert.deepEqual(deleted.json(), { deleted: true });
  const gone = await app.call({
    method: 'GET',
    url: `${m.base}/recurring-payments/${id}`,
    headers: m.headers,
  });
  assert.equal(gone.statusCode, 404);
});
