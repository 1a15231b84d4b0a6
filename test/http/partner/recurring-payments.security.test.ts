import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import { type PartnerMerchant, partnerMerchant } from '../../helpers/partner-payments.js';
import { recurringBody, setNow } from '../../helpers/recurring.js';

function operations(base: string, id: string) {
  return [
    ['POST', `${base}/recurring-payments`, recurringBody()],
    ['POST', `${base}/recurring-payments/send`, recurringBody()],
    ['GET', `${base}/recurring-payments`, undefined],
    ['GET', `${base}/recurring-payments/${id}`, undefined],
    ['GET', `${base}/recurring-payments/${id}/payments`, undefined],
    ['PUT', `${base}/recurring-payments/${id}`, recurringBody({ reference: 'hijack' })],
    ['POST', `${base}/recurring-payments/${id}/send`, undefined],
    ['DELETE', `${base}/recurring-payments/${id}`, undefined],
  ] as const;
}

async function draft(app: Awaited<ReturnType<typeof buildTestApp>>, m: PartnerMerchant): Promise<string> {
  const res = await app.call({
    method: 'POST',
    url: `${m.base}/recurring-payments`,
    headers: m.headers,
    payload: recurringBody(),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().result.id;
}

test('401 without a valid apisecret; 403 for another partner’s company or a made-up one, on every operation', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const theirs = await partnerMerchant(app);
  const mine = await createPartner(app, 'Mine');
  const id = await draft(app, theirs);
  for (const base of [theirs.base, '/partner/v1/companies/bbbbbbbbbbbbbbbbbbbbbbbb']) {
    for (const [method, url, payload] of operations(base, id)) {
      assert.equal((await app.call({ method, url, payload })).statusCode, 401, `${method} ${url}`);
      const wrong = await app.call({
        method,
        url,
        headers: { apisecret: '00000000-0000-4000-8000-000000000000' },
        payload,
      });
      assert.equal(wrong.statusCode, 401);
      const res = await app.call({ method, url, headers: mine.partnerHeaders, payload });
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
    }
  }
  const still = await app.call({
    method: 'GET',
    url: `${theirs.base}/recurring-payments/${id}`,
    headers: theirs.headers,
  });
  assert.equal(still.json().data.status, 'draft');
});

test("another company's recurring payment of the same partner is a 404 through this company's path", async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const first = await partnerMerchant(app);
  const second = await partnerMerchant(app, { partner: first.partner, name: 'Second Co' });
  const id = await draft(app, second);
  for (const [method, url, payload] of operations(first.base, id).slice(3)) {
    const res = await app.call({ method, url, headers: first.headers, payload });
    assert.equal(res.statusCode, 404, `${method} ${url}`);
  }
  const list = await app.call({
    method: 'GET',
    url: `${first.base}/recurring-payments`,
    headers: first.headers,
  });
  assert.equal(list.json().data.totalDocs, 0);
});

test('a disabled company: its recurring payments can be read, not created, changed, sent or deleted (403)', async (t) => {
  const app = await buildTestApp(t);
  setNow(app.clock, '2027-03-01T10:00:00.000Z');
  const m = await partnerMerchant(app);
  const id = await draft(app, m);
  await app.call({ method: 'POST', url: `${m.base}/disable`, headers: m.headers });
  for (const [method, url, payload] of operations(m.base, id)) {
    const res = await app.call({ method, url, headers: m.headers, payload });
    assert.equal(res.statusCode, method === 'GET' ? 200 : 403, `${method} ${url}: ${res.body}`);
  }
});
