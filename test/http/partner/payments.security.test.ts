import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import { createPartnerPayment, partnerMerchant, partnerPaymentBody } from '../../helpers/partner-payments.js';

function operations(base: string, paymentId: string, bankAccountId: string) {
  return [
    ['POST', `${base}/payments`, partnerPaymentBody(bankAccountId)],
    ['GET', `${base}/payments`, undefined],
    ['GET', `${base}/payments/${paymentId}`, undefined],
    ['PUT', `${base}/payments/${paymentId}`, { _id: paymentId, invoiceRefNumber: 'hijack', amount: '1.00' }],
    ['POST', `${base}/payments/${paymentId}/process`, undefined],
    ['POST', `${base}/payments/${paymentId}/cancel`, undefined],
    ['POST', `${base}/payments/${paymentId}/refund`, {}],
  ] as const;
}

test('401 without a valid apisecret; 403 for another partner’s company or a made-up one, on every operation', async (t) => {
  const app = await buildTestApp(t);
  const theirs = await partnerMerchant(app);
  const mine = await createPartner(app, 'Mine');
  const payment = await createPartnerPayment(app, theirs);
  for (const base of [theirs.base, '/partner/v1/companies/bbbbbbbbbbbbbbbbbbbbbbbb']) {
    for (const [method, url, payload] of operations(base, payment.id, theirs.bankAccountId)) {
      const none = await app.call({ method, url, payload });
      assert.equal(none.statusCode, 401, `${method} ${url}`);
      assert.equal(none.json().code, 'unauthorized');
      const wrong = await app.call({
        method,
        url,
        headers: { apisecret: '00000000-0000-4000-8000-000000000000' },
        payload,
      });
      assert.equal(wrong.statusCode, 401, `${method} ${url}`);
      const res = await app.call({ method, url, headers: mine.partnerHeaders, payload });
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
      assert.equal(res.json().code, 'forbidden');
    }
  }
  const still = await app.call({
    method: 'GET',
    url: `${theirs.base}/payments/${payment.id}`,
    headers: theirs.headers,
  });
  assert.equal(still.json().data.status, 'sent', 'nothing was changed by the refused calls');
});

test("another company's payment of the same partner is a 404 through this company's path; lists never show it", async (t) => {
  const app = await buildTestApp(t);
  const first = await partnerMerchant(app);
  const second = await partnerMerchant(app, { partner: first.partner, name: 'Second Co' });
  const payment = await createPartnerPayment(app, second);
  for (const [method, url, payload] of operations(first.base, payment.id, first.bankAccountId).slice(2)) {
    const res = await app.call({ method, url, headers: first.headers, payload });
    assert.equal(res.statusCode, 404, `${method} ${url}`);
  }
  const list = await app.call({ method: 'GET', url: `${first.base}/payments`, headers: first.headers });
  assert.equal(list.json().data.totalDocs, 0);
});

test('a disabled company: its payments can be read, not created, edited, processed, cancelled or refunded (403)', async (t) => {
  const app = await buildTestApp(t);
  const m = await partnerMerchant(app);
  const payment = await createPartnerPayment(app, m);
  const disabled = await app.call({ method: 'POST', url: `${m.base}/disable`, headers: m.headers });
  assert.equal(disabled.statusCode, 200, disabled.body);
  for (const [method, url, payload] of operations(m.base, payment.id, m.bankAccountId)) {
    const res = await app.call({ method, url, headers: m.headers, payload });
    if (method === 'GET') assert.equal(res.statusCode, 200, `${method} ${url}: ${res.body}`);
    else {
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
      assert.match(res.json().detail, /disabled/);
    }
  }
  const after = await app.call({
    method: 'GET',
    url: `${m.base}/payments/${payment.id}`,
    headers: m.headers,
  });
  assert.equal(after.json().data.status, 'sent');
});
