// The operator's company create is the partner's create path (issue 12, item 16: it once dropped the
// bankAccount and integration of its body), with the operator's status default.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { adminHeaders, companyBody, createPartner } from '../../helpers/fixtures.js';
import { paymentBody } from '../../helpers/merchant.js';

const bankAccount = {
  name: 'Takings',
  providerExternalId: 'ob-sandbox',
  externalAccountId: '87654321',
  identification: '040004',
};
const integration = { name: 'Shop', webhookUrl: 'https://shop.example/hooks' };

test('the operator creates a company with its bank account and integration: it takes payments at once', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const res = await app.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: adminHeaders,
    payload: companyBody({ bankAccount, integration }),
  });
  assert.equal(res.statusCode, 201, res.body);
  const { result } = res.json();
  assert.equal(result.status, 'active', 'the operator default');
  assert.deepEqual(
    { ...result.bankAccount, id: undefined, status: undefined },
    { ...bankAccount, id: undefined, status: undefined },
  );
  assert.equal(result.integration.name, 'Shop');
  assert.deepEqual(
    result.officers.map((o: { status: string; verificationUrl?: string }) => [o.status, o.verificationUrl]),
    [['active', undefined]],
    'an active company has verified officers and no links',
  );

  const got = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${result.id}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(got.json().data.bankAccount.id, result.bankAccount.id);
  const headers = { 'integration-id': result.integration.id, 'secret-key': result.integration.secretKey };
  const payment = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments/process',
    headers,
    payload: paymentBody(),
  });
  assert.equal(payment.statusCode, 200, payment.body);
  assert.equal(payment.json().result.status, 'sent');
});

test("the operator's create is all or nothing, as the partner's", async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const res = await app.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: adminHeaders,
    payload: companyBody({
      bankAccount,
      integration: { ...integration, webhookUrl: 'mailto:x@example.com' },
    }),
  });
  assert.equal(res.statusCode, 400, res.body);
  assert.deepEqual(res.json().errors, [
    { field: '/integration/webhookUrl', message: 'must be an absolute http(s) URL' },
  ]);
  for (const table of ['companies', 'officers', 'bank_accounts', 'integrations'] as const) {
    const rows = await app.deps.db.selectFrom(table).select('id').execute();
    assert.equal(rows.length, 0, `${table} is empty`);
  }
});

test('the operator may set a status; a partner may not', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const byOperator = await app.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: adminHeaders,
    payload: companyBody({ status: 'pending_verification' }),
  });
  assert.equal(byOperator.statusCode, 201, byOperator.body);
  assert.equal(byOperator.json().result.status, 'pending_verification');
  assert.match(byOperator.json().result.officers[0].verificationUrl, /\/public\/v1\/verification\//);
  const byPartner = await app.call({
    method: 'POST',
    url: '/partner/v1/companies',
    headers: partner.partnerHeaders,
    payload: companyBody({ status: 'active', sendEmail: false }),
  });
  assert.equal(byPartner.statusCode, 400, byPartner.body);
  assert.equal(byPartner.json().errors[0].field, '/status');
});
