import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createIntegration } from '../../helpers/fixtures.js';
import { merchant } from '../../helpers/merchant.js';
import { createRecurring, recurringBody, setNow } from '../../helpers/recurring.js';

test('401 for missing, malformed and wrong merchant credentials on every recurring operation', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  const { id } = await createRecurring(app, m);
  const bad: Array<Record<string, string>> = [
    {},
    { 'integration-id': m.headers['integration-id']! },
    { ...m.headers, 'secret-key': 'not-a-uuid' },
    { ...m.headers, 'secret-key': '00000000-0000-4000-8000-000000000000' },
    { ...m.headers, 'integration-id': 'cccccccccccccccccccccccc' },
  ];
  const base = '/merchant/v1/recurring-payments';
  for (const headers of bad) {
    for (const [method, url, payload] of [
      ['POST', base, recurringBody()],
      ['POST', `${base}/send`, recurringBody()],
      ['GET', base, undefined],
      ['GET', `${base}/${id}`, undefined],
      ['GET', `${base}/${id}/payments`, undefined],
      ['PUT', `${base}/${id}`, recurringBody()],
      ['POST', `${base}/${id}/send`, undefined],
      ['POST', `${base}/${id}/cancel`, undefined],
      ['DELETE', `${base}/${id}`, undefined],
    ] as const) {
      const res = await app.call({ method, url, headers, payload });
      assert.equal(res.statusCode, 401, `${method} ${url} ${JSON.stringify(headers)}`);
    }
  }
  const mine = await app.call({ method: 'GET', url: `${base}/${id}`, headers: m.headers });
  assert.equal(mine.json().status, 'draft');
});

test("another integration's recurring payment is a 404, even in the same company; lists never show it", async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  const other = await merchant(app, { partnerName: 'Other partner' });
  const sibling = await createIntegration(app, m.partner, m.companyId, { name: 'Second shop' });
  const { id } = await createRecurring(app, m);
  const base = `/merchant/v1/recurring-payments/${id}`;
  for (const headers of [other.headers, sibling.merchantHeaders]) {
    for (const [method, url, payload] of [
      ['GET', base, undefined],
      ['GET', `${base}/payments`, undefined],
      ['PUT', base, recurringBody({ recurringAmount: '1.00' })],
      ['POST', `${base}/send`, undefined],
      ['POST', `${base}/cancel`, undefined],
      ['DELETE', base, undefined],
    ] as const) {
      const res = await app.call({ method, url, headers, payload });
      assert.equal(res.statusCode, 404, `${method} ${url}`);
    }
    const list = await app.call({ method: 'GET', url: '/merchant/v1/recurring-payments', headers });
    assert.deepEqual(list.json(), []);
    assert.equal(list.headers['x-total-count'], '0');
  }
  const mine = await app.call({ method: 'GET', url: base, headers: m.headers });
  assert.equal(mine.json().status, 'draft');
  assert.equal(mine.json().recurringAmount, '25.00');
});

test('a company that may not take payments cannot ask for recurring ones (403)', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  await app.deps.db
    .updateTable('companies')
    .set({ status: 'pending_verification' })
    .where('id', '=', m.companyId)
    .execute();
  const res = await app.call({
    method: 'POST',
    url: '/merchant/v1/recurring-payments/send',
    headers: m.headers,
    payload: recurringBody(),
  });
  assert.equal(res.statusCode, 403, res.body);
  assert.equal(res.json().code, 'forbidden');
});

test('the link token is the only credential of the customer page: unknown tokens show nothing', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await merchant(app);
  const sent = await createRecurring(app, m, {}, true);
  const token = sent.qrCodeData.slice(sent.qrCodeData.indexOf('?=') + 2);
  // A token one character off (never the token itself: its last character may already be 'A').
  const nearMiss = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  for (const bad of ['', 'x', nearMiss, '<script>']) {
    const page = await app.call({ method: 'GET', url: `/rp?=${encodeURIComponent(bad)}` });
    assert.equal(page.statusCode, 404, `${bad}: ${page.body.slice(0, 300)}`);
    assert.doesNotMatch(page.body, /gym-2027/);
    const initiate = await app.call({
      method: 'POST',
      url: '/public/v1/payments/initiate',
      payload: { type: 'recurring payment', id: bad || 'x', externalId: 'ob-sandbox' },
    });
    assert.equal(initiate.statusCode, 401);
    assert.equal(initiate.body, 'API token is expired');
  }
  const page = await app.call({ method: 'GET', url: `/rp?=${token}` });
  assert.equal(page.statusCode, 200);
  assert.equal(page.headers['cache-control'], 'no-store');
  assert.match(page.body, /gym-2027/);
  // Values are escaped: the customer's name cannot inject markup.
  const hostile = await createRecurring(app, m, { customerName: '<img src=x onerror=alert(1)>' }, true);
  const hostileToken = hostile.qrCodeData.slice(hostile.qrCodeData.indexOf('?=') + 2);
  const escaped = await app.call({ method: 'GET', url: `/rp?=${hostileToken}` });
  assert.doesNotMatch(escaped.body, /<img src=x/);
  assert.match(escaped.body, /&lt;img src=x/);
});
