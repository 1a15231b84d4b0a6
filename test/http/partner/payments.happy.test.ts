import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { buildListeningApp } from '../../helpers/listening-app.js';
import { addBankAccount } from '../../helpers/partner-companies.js';
import {
  createPartnerPayment,
  draftPayment,
  partnerMerchant,
  partnerPaymentBody,
} from '../../helpers/partner-payments.js';
import { http, payAtSandbox } from '../../helpers/payment-flow.js';

const PROCESSED_KEYS = [
  'actionsHistory',
  'amount',
  'createdAt',
  'currency',
  'customerEmail',
  'customerEmailCC',
  'customerName',
  'dataApiCheckStatus',
  'dueDate',
  'id',
  'integration',
  'invoiceRefNumber',
  'lastDataApiCheckAt',
  'link',
  'qrCodeData',
  'refundPayeeAccount',
  'status',
  'transaction',
];
const ITEM_KEYS = PROCESSED_KEYS.filter((k) => !['invoiceRefNumber', 'link', 'qrCodeData'].includes(k));
const STATE_KEYS = PROCESSED_KEYS.filter(
  (k) => !['actionsHistory', 'integration', 'refundPayeeAccount', 'transaction'].includes(k),
);

test('create and process: 200 {created, result} in the processed form of spec 2.3; the webhook goes to the integration', async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const res = await app.call({
    method: 'POST',
    url: `${m.base}/payments`,
    headers: m.headers,
    payload: partnerPaymentBody(m.bankAccountId),
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['api-version'], '1.4');
  const { created, result } = res.json();
  assert.equal(created, true);
  assert.deepEqual(Object.keys(result).sort(), PROCESSED_KEYS);
  assert.equal(result.status, 'sent');
  assert.equal(result.invoiceRefNumber, 'inv-1001');
  assert.equal(result.amount, '25.50');
  assert.equal(result.currency, 'GBP');
  assert.deepEqual(result.customerEmailCC, ['books@customer.example']);
  assert.equal(result.dueDate, '2030-01-31T00:00:00.000Z');
  assert.match(result.link, /^http:\/\/localhost:8080\/p\?=[A-Za-z0-9_-]{32}$/);
  assert.equal(result.qrCodeData, result.link);
  assert.equal(result.integration, m.integrationId);
  assert.equal(result.transaction, null);
  assert.equal(result.refundPayeeAccount, null);
  assert.deepEqual(
    result.actionsHistory.map((a: any) => a.newEntityState.status),
    ['draft', 'sent'],
  );
  for (const action of result.actionsHistory) {
    assert.deepEqual(Object.keys(action.newEntityState).sort(), STATE_KEYS, 'no customRedirectUrl');
  }

  const events = await app.deps.db
    .selectFrom('events')
    .select(['event_name', 'destination_kind', 'destination_id'])
    .where('resource_id', '=', result.id)
    .execute();
  assert.deepEqual(events, [
    {
      event_name: 'payment.status_updated',
      destination_kind: 'integration',
      destination_id: m.integrationId,
    },
  ]);
});

test("the payment's integration: the oldest attached to the named bank account, else the company's oldest", async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const second = await addBankAccount(app, m.partner, m.companyId, { accountNumber: '55555555' });
  const third = await addBankAccount(app, m.partner, m.companyId, { accountNumber: '66666666' });
  const integrations: string[] = [];
  for (const name of ['Second shop', 'Third shop']) {
    const res = await app.call({
      method: 'POST',
      url: `${m.base}/integrations`,
      headers: m.headers,
      payload: { name, webhookUrl: 'https://shop.example/hooks', bankAccount: second.id },
    });
    assert.equal(res.statusCode, 200, res.body);
    integrations.push(res.json().result.id);
  }
  const intoSecond = await createPartnerPayment(app, m, { bankAccount: second.id });
  assert.equal(intoSecond.integration, integrations[0], 'the oldest integration attached to that account');
  const intoThird = await createPartnerPayment(app, m, { bankAccount: third.id });
  assert.equal(intoThird.integration, m.integrationId, "no integration uses it: the company's oldest");
  const row = await app.deps.db
    .selectFrom('payments')
    .select(['bank_account_id'])
    .where('id', '=', intoThird.id)
    .executeTakeFirstOrThrow();
  assert.equal(row.bank_account_id, third.id, 'still received into the account named');
});

test('get {data} and list (envelope D, newest first) in the get form: no invoiceRefNumber, link or qrCodeData', async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const ids: string[] = [];
  for (const ref of ['inv-1', 'inv-2', 'inv-3']) {
    ids.push((await createPartnerPayment(app, m, { invoiceRefNumber: ref })).id);
    app.clock.advance(1000);
  }
  const got = await app.call({ method: 'GET', url: `${m.base}/payments/${ids[0]}`, headers: m.headers });
  assert.equal(got.statusCode, 200, got.body);
  const data = got.json().data;
  assert.deepEqual(Object.keys(data).sort(), ITEM_KEYS);
  assert.equal(data.id, ids[0]);
  assert.equal(data.status, 'sent');
  assert.equal(data.integration, m.integrationId);
  for (const action of data.actionsHistory) {
    assert.equal(action.newEntityState.link, undefined);
    assert.equal(action.newEntityState.invoiceRefNumber, undefined);
  }

  const first = await app.call({ method: 'GET', url: `${m.base}/payments?limit=2`, headers: m.headers });
  assert.equal(first.statusCode, 200, first.body);
  const page1 = first.json().data;
  assert.deepEqual(
    { ...page1, docs: page1.docs.map((d: { id: string }) => d.id) },
    {
      totalDocs: 3,
      limit: 2,
      totalPages: 2,
      page: 1,
      pagingCounter: 1,
      hasPrevPage: false,
      hasNextPage: true,
      prevPage: null,
      nextPage: 2,
      docs: [ids[2], ids[1]],
    },
  );
  assert.deepEqual(Object.keys(page1.docs[0]).sort(), ITEM_KEYS);
  const second = await app.call({
    method: 'GET',
    url: `${m.base}/payments?limit=2&page=2`,
    headers: m.headers,
  });
  const page2 = second.json().data;
  assert.deepEqual(
    [page2.pagingCounter, page2.hasPrevPage, page2.prevPage, page2.hasNextPage, page2.nextPage],
    [3, true, 1, false, null],
  );
  assert.deepEqual(
    page2.docs.map((d: { id: string }) => d.id),
    [ids[0]],
  );
  const defaults = await app.call({ method: 'GET', url: `${m.base}/payments`, headers: m.headers });
  assert.equal(defaults.json().data.limit, 25);
});

test('edit with customRedirectUrl (kept, never shown), process a draft, cancel', async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const payment = await createPartnerPayment(app, m);
  const edited = await app.call({
    method: 'PUT',
    url: `${m.base}/payments/${payment.id}`,
    headers: m.headers,
    payload: {
      _id: payment.id,
      invoiceRefNumber: 'inv-2002',
      amount: '30.00',
      customerEmailCC: ['a@customer.example', 'b@customer.example'],
      customRedirectUrl: 'https://shop.example/orders/2002/thanks',
    },
  });
  assert.equal(edited.statusCode, 200, edited.body);
  const { saved, result } = edited.json();
  assert.equal(saved, true);
  assert.deepEqual(Object.keys(result).sort(), PROCESSED_KEYS);
  assert.equal(result.invoiceRefNumber, 'inv-2002');
  assert.equal(result.amount, '30.00');
  assert.deepEqual(result.customerEmailCC, ['a@customer.example', 'b@customer.example']);
  assert.equal(result.customerName, 'Cara Customer', 'fields left out are kept');
  assert.equal(result.customRedirectUrl, undefined);
  const asMerchant = await app.call({
    method: 'GET',
    url: `/merchant/v1/payments/${payment.id}`,
    headers: m.merchantHeaders,
  });
  assert.equal(asMerchant.json().result.customRedirectUrl, 'https://shop.example/orders/2002/thanks');

  const draft = await draftPayment(app, m);
  const processed = await app.call({
    method: 'POST',
    url: `${m.base}/payments/${draft.id}/process`,
    headers: m.headers,
  });
  assert.equal(processed.statusCode, 200, processed.body);
  assert.equal(processed.json().saved, true);
  assert.equal(processed.json().result.status, 'sent');
  assert.match(processed.json().result.link, /\/p\?=/);

  const cancelled = await app.call({
    method: 'POST',
    url: `${m.base}/payments/${payment.id}/cancel`,
    headers: m.headers,
  });
  assert.equal(cancelled.statusCode, 200, cancelled.body);
  assert.deepEqual(cancelled.json(), { saved: true });
  const after = await app.call({
    method: 'GET',
    url: `${m.base}/payments/${payment.id}`,
    headers: m.headers,
  });
  assert.equal(after.json().data.status, 'cancelled');
});

test('refund: the result carries refundLink, refundQrCodeData, completedAt and refundTransaction; the payee is the payer', async (t) => {
  const app = await buildListeningApp(t);
  const m = await partnerMerchant(app);
  const created = await http(app, 'POST', `${m.base}/payments`, {
    headers: m.headers,
    body: partnerPaymentBody(m.bankAccountId, { amount: '40.00' }),
  });
  const payment = created.json().result;
  await payAtSandbox(app, 'payment', payment.link);
  const paid = (await http(app, 'GET', `${m.base}/payments/${payment.id}`, { headers: m.headers })).json()
    .data;
  assert.equal(paid.status, 'paid');
  assert.match(paid.transaction, /^[0-9a-f]{24}$/);
  assert.equal(paid.refundPayeeAccount.provider, 'ob-sandbox', 'the payer as the bank told it');

  const res = await http(app, 'POST', `${m.base}/payments/${payment.id}/refund`, {
    headers: m.headers,
    body: { amount: '15.00' },
  });
  assert.equal(res.status, 200, res.text);
  const { saved, result } = res.json();
  assert.equal(saved, true);
  assert.deepEqual(
    Object.keys(result).sort(),
    [...PROCESSED_KEYS, 'completedAt', 'refundLink', 'refundQrCodeData', 'refundTransaction'].sort(),
  );
  assert.equal(result.status, 'refund_started');
  assert.match(result.refundLink, /\/rf\?=[A-Za-z0-9_-]{32}$/);
  assert.equal(result.refundQrCodeData, result.refundLink);
  assert.equal(result.refundTransaction, null, 'not yet authorised at the bank');
  assert.match(result.completedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'when it was paid');
  assert.deepEqual(result.refundPayeeAccount, paid.refundPayeeAccount);
  assert.equal(result.transaction, paid.transaction);

  await payAtSandbox(app, 'refund', result.refundLink);
  const after = (await http(app, 'GET', `${m.base}/payments/${payment.id}`, { headers: m.headers })).json()
    .data;
  assert.equal(after.status, 'partial_refund');
  assert.equal(after.transaction, paid.transaction, 'still the incoming one');
});
