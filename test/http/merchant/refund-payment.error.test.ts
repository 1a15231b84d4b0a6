// Refund payment (spec 4.A RefundRequest): each rule a 400 naming its field, each disallowed move a
// 409, another integration's payment a 404; and nothing changes on a refusal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildListeningApp } from '../../helpers/listening-app.js';
import { merchant } from '../../helpers/merchant.js';
import { http, paidPayment, statusOf } from '../../helpers/payment-flow.js';

test('RefundRequest rules: 400 for each, listing the field; nothing starts', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const { id } = await paidPayment(app, m);
  const cases: Array<[unknown, string]> = [
    [{ amount: '10' }, '/amount'],
    [{ amount: '0.00' }, '/amount'],
    [{ amount: '-1.00' }, '/amount'],
    [{ amount: 10 }, '/amount'],
    [{ amount: '25.51' }, '/amount'],
    [
      { payeeAccountInfo: { name: 'Cara', externalAccountId: '1234', identification: '123456' } },
      '/payeeAccountInfo/externalAccountId',
    ],
    [
      { payeeAccountInfo: { name: 'Cara', externalAccountId: '12345678', identification: '12-34-56' } },
      '/payeeAccountInfo/identification',
    ],
    [
      { payeeAccountInfo: { externalAccountId: '12345678', identification: '123456' } },
      '/payeeAccountInfo/name',
    ],
    [
      {
        payeeAccountInfo: {
          name: 'Cara',
          externalAccountId: '12345678',
          identification: '123456',
          email: 'nope',
        },
      },
      '/payeeAccountInfo/email',
    ],
    [{ payeeAccountInfo: 'Cara' }, '/payeeAccountInfo'],
  ];
  for (const [body, field] of cases) {
    const res = await http(app, 'POST', `/merchant/v1/payments/${id}/refund`, { headers: m.headers, body });
    assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    assert.equal(res.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.ok(
      res.json().errors.some((e: { field: string }) => e.field === field),
      `${JSON.stringify(body)} names ${field}: ${res.text}`,
    );
  }
  assert.equal(await statusOf(app, m, id), 'paid');
  const refunds = await app.deps.db.selectFrom('refunds').selectAll().execute();
  assert.equal(refunds.length, 0);
});

test('409 for a payment not paid, and for a second refund while one is under way; 404 across integrations; 401', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const sent = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: { invoiceRefNumber: 'INV-3', amount: '5.00' },
  });
  const sentId = sent.json().result.id;
  const early = await http(app, 'POST', `/merchant/v1/payments/${sentId}/refund`, {
    headers: m.headers,
    body: {},
  });
  assert.equal(early.status, 409, early.text);
  assert.equal(early.json().code, 'invalid_state');
  assert.match(early.json().detail, /status sent/);

  const { id } = await paidPayment(app, m);
  const other = await merchant(app, { partnerName: 'Other Partner' });
  const foreign = await http(app, 'POST', `/merchant/v1/payments/${id}/refund`, {
    headers: other.headers,
    body: {},
  });
  assert.equal(foreign.status, 404);
  const anonymous = await http(app, 'POST', `/merchant/v1/payments/${id}/refund`, { body: {} });
  assert.equal(anonymous.status, 401);
  const missing = await http(app, 'POST', '/merchant/v1/payments/0123456789abcdef01234567/refund', {
    headers: m.headers,
    body: {},
  });
  assert.equal(missing.status, 404);

  const first = await http(app, 'POST', `/merchant/v1/payments/${id}/refund`, {
    headers: m.headers,
    body: { amount: '1.00' },
  });
  assert.equal(first.status, 200, first.text);
  const second = await http(app, 'POST', `/merchant/v1/payments/${id}/refund`, {
    headers: m.headers,
    body: { amount: '1.00' },
  });
  assert.equal(second.status, 409);
  assert.equal(await statusOf(app, m, id), 'refund_started');
});

test('409 when the bank did not tell the payer’s account and no payeeAccountInfo is given; the payee then is used', async (t) => {
  const app = await buildListeningApp(t);
  const m = await merchant(app);
  const { id } = await paidPayment(app, m);
  await app.deps.db.updateTable('payments').set({ payer_account: null }).where('id', '=', id).execute();
  const res = await http(app, 'POST', `/merchant/v1/payments/${id}/refund`, { headers: m.headers, body: {} });
  assert.equal(res.status, 409);
  assert.match(res.json().detail, /payeeAccountInfo/);
  const given = await http(app, 'POST', `/merchant/v1/payments/${id}/refund`, {
    headers: m.headers,
    body: {
      payeeAccountInfo: { name: 'Cara Customer', externalAccountId: '87654321', identification: '990001' },
    },
  });
  assert.equal(given.status, 200, given.text);
  const refund = await app.deps.db.selectFrom('refunds').selectAll().executeTakeFirstOrThrow();
  assert.deepEqual(JSON.parse(refund.payee), {
    provider: 'other',
    externalAccountId: '87654321',
    identification: '990001',
    name: 'Cara Customer',
  });
  assert.equal(Number(refund.amount), 2550);
});
