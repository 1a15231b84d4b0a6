import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import {
  createPartnerCompany,
  createVerifiedCompany,
  partnerCompanyBody,
} from '../../helpers/partner-companies.js';

const MADE_UP = 'bbbbbbbbbbbbbbbbbbbbbbbb';

test('401 for a missing, malformed, unknown or revoked apisecret on every company operation', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner);
  const operations = [
    ['POST', '/partner/v1/companies', partnerCompanyBody()],
    ['GET', '/partner/v1/companies', undefined],
    ['GET', `/partner/v1/companies/${company.id}`, undefined],
    ['PATCH', `/partner/v1/companies/${company.id}`, { tradingName: 'x' }],
    ['POST', `/partner/v1/companies/${company.id}/disable`, undefined],
  ] as const;
  const revoked = await app.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/api-keys`,
    headers: { authorization: 'Bearer test-admin-token-0123456789' },
  });
  const { keyId, apisecret } = revoked.json();
  await app.call({
    method: 'DELETE',
    url: `/admin/v1/partners/${partner.id}/api-keys/${keyId}`,
    headers: { authorization: 'Bearer test-admin-token-0123456789' },
  });
  for (const headers of [
    {},
    { apisecret: 'not-a-uuid' },
    { apisecret: '00000000-0000-4000-8000-000000000000' },
    { apisecret },
  ]) {
    for (const [method, url, payload] of operations) {
      const res = await app.call({ method, url, headers, payload });
      assert.equal(res.statusCode, 401, `${method} ${url} ${JSON.stringify(headers)}`);
      assert.equal(res.json().code, 'unauthorized');
    }
  }
  const got = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${company.id}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(got.json().data.status, 'pending_verification', 'nothing was disabled');
});

test("403 for another partner's company and for a made-up one; lists show only the caller's", async (t) => {
  const app = await buildTestApp(t);
  const mine = await createPartner(app, 'Mine');
  const theirs = await createPartner(app, 'Theirs');
  const their = await createPartnerCompany(app, theirs, { name: 'Their Co' });
  await createPartnerCompany(app, mine, { name: 'My Co' });
  for (const companyId of [their.id, MADE_UP]) {
    for (const [method, url, payload] of [
      ['GET', `/partner/v1/companies/${companyId}`, undefined],
      ['PATCH', `/partner/v1/companies/${companyId}`, { tradingName: 'hijacked' }],
      ['POST', `/partner/v1/companies/${companyId}/disable`, undefined],
    ] as const) {
      const res = await app.call({ method, url, headers: mine.partnerHeaders, payload });
      assert.equal(res.statusCode, 403, `${method} ${url}`);
      assert.equal(res.json().code, 'forbidden');
    }
  }
  const list = await app.call({ method: 'GET', url: '/partner/v1/companies', headers: mine.partnerHeaders });
  assert.deepEqual(
    list.json().data.map((c: { name: string }) => c.name),
    ['My Co'],
  );
  const still = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${their.id}`,
    headers: theirs.partnerHeaders,
  });
  assert.equal(still.json().data.status, 'pending_verification');
  assert.equal(still.json().data.tradingName, null);
});

test("a disabled company's terminal and merchant credentials answer 403", async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createVerifiedCompany(app, partner, {
    integration: { name: 'Shop', webhookUrl: 'https://shop.example/hooks' },
  });
  const integration = company.integration!;
  const merchantHeaders = { 'integration-id': integration.id, 'secret-key': integration.secretKey };
  const terminalUrl = `/terminal/v1/companies/${company.id}/integrations`;
  const before = await app.call({ method: 'GET', url: terminalUrl, headers: partner.terminalHeaders });
  assert.equal(before.statusCode, 200);
  const merchantBefore = await app.call({
    method: 'GET',
    url: '/merchant/v1/payments',
    headers: merchantHeaders,
  });
  assert.equal(merchantBefore.statusCode, 200, merchantBefore.body);

  const disabled = await app.call({
    method: 'POST',
    url: `/partner/v1/companies/${company.id}/disable`,
    headers: partner.partnerHeaders,
  });
  assert.equal(disabled.statusCode, 200);
  const terminal = await app.call({ method: 'GET', url: terminalUrl, headers: partner.terminalHeaders });
  assert.equal(terminal.statusCode, 403);
  const merchant = await app.call({ method: 'GET', url: '/merchant/v1/payments', headers: merchantHeaders });
  assert.equal(merchant.statusCode, 403);
  assert.equal(merchant.json().code, 'forbidden');
});

test('a partner cannot give a new company a verified status', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  for (const status of ['active', 'started_verification', 'banned']) {
    const res = await app.call({
      method: 'POST',
      url: '/partner/v1/companies',
      headers: partner.partnerHeaders,
      payload: partnerCompanyBody({ status }),
    });
    assert.equal(res.statusCode, 400, status);
  }
  const explicit = await createPartnerCompany(app, partner, { status: 'pending_verification' });
  assert.equal(explicit.status, 'pending_verification');
});
