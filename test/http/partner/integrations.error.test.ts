import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import { addBankAccount, createPartnerCompany } from '../../helpers/partner-companies.js';

const body = (bankAccount: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Shop',
  webhookUrl: 'https://shop.example/hooks',
  bankAccount,
  ...overrides,
});

test('create and update: 400 for each rule, 404 for an unknown bank account or integration, 409 for a disabled account', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner);
  const account = await addBankAccount(app, partner, company.id);
  const base = `/partner/v1/companies/${company.id}/integrations`;
  const created = await app.call({
    method: 'POST',
    url: base,
    headers: partner.partnerHeaders,
    payload: body(account.id),
  });
  assert.equal(created.statusCode, 200, created.body);
  const id = created.json().result.id;

  const cases: Array<[Record<string, unknown>, string]> = [
    [{ webhookUrl: 'https://shop.example/hooks', bankAccount: account.id }, '/name'],
    [{ name: 'Shop', bankAccount: account.id }, '/webhookUrl'],
    [{ name: 'Shop', webhookUrl: 'https://shop.example/hooks' }, '/bankAccount'],
    [body('not-an-id'), '/bankAccount'],
    [body(account.id, { webhookUrl: 'not a url' }), '/webhookUrl'],
    [body(account.id, { webhookUrl: 'ftp://shop.example/hooks' }), '/webhookUrl'],
    [body(account.id, { isSandbox: 'true' }), '/isSandbox'],
    [body(account.id, { servicePaymentPageRedirectEnabled: 1 }), '/servicePaymentPageRedirectEnabled'],
    [body(account.id, { name: '' }), '/name'],
  ];
  for (const [method, url] of [
    ['POST', base],
    ['PUT', `${base}/${id}`],
  ] as const) {
    for (const [payload, field] of cases) {
      const res = await app.call({ method, url, headers: partner.partnerHeaders, payload });
      assert.equal(res.statusCode, 400, `${method} ${field}: ${res.body}`);
      assert.ok(
        res.json().errors.some((e: { field: string }) => e.field === field),
        `${field} not among ${JSON.stringify(res.json().errors)}`,
      );
    }
    const unknown = await app.call({
      method,
      url,
      headers: partner.partnerHeaders,
      payload: body('cccccccccccccccccccccccc'),
    });
    assert.equal(unknown.statusCode, 404, `${method} unknown bank account`);
  }

  for (const [method, url, payload] of [
    ['GET', `${base}/cccccccccccccccccccccccc`, undefined],
    ['PUT', `${base}/cccccccccccccccccccccccc`, body(account.id)],
    ['GET', `${base}/not-an-id`, undefined],
  ] as const) {
    const res = await app.call({ method, url, headers: partner.partnerHeaders, payload });
    assert.equal(res.statusCode, 404, `${method} ${url}`);
  }

  const disable = await app.call({
    method: 'POST',
    url: `/admin/v1/bank-accounts/${account.id}/status`,
    headers: { authorization: 'Bearer test-admin-token-0123456789' },
    payload: { status: 'disabled' },
  });
  assert.equal(disable.statusCode, 200, disable.body);
  const refused = await app.call({
    method: 'POST',
    url: base,
    headers: partner.partnerHeaders,
    payload: body(account.id),
  });
  assert.equal(refused.statusCode, 409);
  assert.equal(refused.json().code, 'invalid_state');
});

test('list: 400 for a limit or page out of range', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner);
  for (const query of ['limit=0', 'limit=1001', 'page=0']) {
    const res = await app.call({
      method: 'GET',
      url: `/partner/v1/companies/${company.id}/integrations?${query}`,
      headers: partner.partnerHeaders,
    });
    assert.equal(res.statusCode, 400, query);
  }
});
