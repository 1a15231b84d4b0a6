import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createIntegration } from '../../helpers/fixtures.js';
import { merchant, paymentBody } from '../../helpers/merchant.js';

test('401 for missing, malformed and wrong merchant credentials; a deleted integration stops at once', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const bad: Array<Record<string, string>> = [
    {},
    { 'integration-id': m.headers['integration-id']! },
    { ...m.headers, 'secret-key': 'not-a-uuid' },
    { ...m.headers, 'secret-key': '00000000-0000-4000-8000-000000000000' },
    { ...m.headers, 'integration-id': 'cccccccccccccccccccccccc' },
  ];
  for (const headers of bad) {
    for (const [method, url] of [
      ['POST', '/merchant/v1/payments'],
      ['GET', '/merchant/v1/payments'],
      ['GET', '/merchant/v1/bank-account/connection-type'],
    ] as const) {
      const res = await app.call({
        method,
        url,
        headers,
        payload: method === 'POST' ? paymentBody() : undefined,
      });
      assert.equal(res.statusCode, 401, `${url} ${JSON.stringify(headers)}`);
    }
  }
  await app.call({
    method: 'DELETE',
    url: `/terminal/v1/companies/${m.companyId}/integrations/${m.integrationId}`,
    headers: m.partner.terminalHeaders,
  });
  const after = await app.call({ method: 'GET', url: '/merchant/v1/payments', headers: m.headers });
  assert.equal(after.statusCode, 401);
});

test("another integration's payment is a 404, even in the same company", async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const other = await merchant(app, { partnerName: 'Other partner' });
  const sibling = await createIntegration(app, m.partner, m.companyId, { name: 'Second shop' });
  const created = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments',
    headers: m.headers,
    payload: paymentBody(),
  });
  const id = created.json().result.id;
  for (const headers of [other.headers, sibling.merchantHeaders]) {
    for (const [method, url, payload] of [
      ['GET', `/merchant/v1/payments/${id}`, undefined],
      ['PUT', `/merchant/v1/payments/${id}`, { _id: id, amount: '1.00' }],
      ['POST', `/merchant/v1/payments/${id}/process`, undefined],
      ['DELETE', `/merchant/v1/payments/${id}`, undefined],
    ] as const) {
      const res = await app.call({ method, url, headers, payload });
      assert.equal(res.statusCode, 404, `${method} ${url}`);
    }
    const list = await app.call({ method: 'GET', url: '/merchant/v1/payments', headers });
    assert.deepEqual(list.json(), []);
  }
  const mine = await app.call({ method: 'GET', url: `/merchant/v1/payments/${id}`, headers: m.headers });
  assert.equal(mine.json().result.status, 'draft');
});

test('a banned company answers 403; a company not yet verified cannot take payments (403)', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  await app.deps.db
    .updateTable('companies')
    .set({ status: 'pending_verification' })
    .where('id', '=', m.companyId)
    .execute();
  const pending = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments',
    headers: m.headers,
    payload: paymentBody(),
  });
  assert.equal(pending.statusCode, 403);
  await app.deps.db
    .updateTable('companies')
    .set({ status: 'banned' })
    .where('id', '=', m.companyId)
    .execute();
  const banned = await app.call({ method: 'GET', url: '/merchant/v1/payments', headers: m.headers });
  assert.equal(banned.statusCode, 403);
  assert.equal(banned.json().code, 'forbidden');
});
