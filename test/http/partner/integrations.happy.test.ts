import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import { addBankAccount, createPartnerCompany } from '../../helpers/partner-companies.js';

async function setUp(t: Parameters<typeof buildTestApp>[0]) {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner);
  const account = await addBankAccount(app, partner, company.id);
  const base = `/partner/v1/companies/${company.id}/integrations`;
  return { app, partner, company, account, base };
}

test('create answers 200 {created, result}: the bank account as an object, the secrets once, redirect page on by default', async (t) => {
  const { app, partner, account, base } = await setUp(t);
  const res = await app.call({
    method: 'POST',
    url: base,
    headers: partner.partnerHeaders,
    payload: {
      name: 'Shop',
      webhookUrl: 'https://shop.example/hooks',
      bankAccount: account.id,
      isSandbox: true,
    },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['api-version'], '1.4');
  const { created, result } = res.json();
  assert.equal(created, true);
  assert.match(result.id, /^[0-9a-f]{24}$/);
  assert.equal(result.name, 'Shop');
  assert.equal(result.isSandbox, true);
  assert.equal(result.servicePaymentPageRedirectEnabled, true);
  assert.equal(result.isRetryWebhookEnabled, false);
  assert.deepEqual(result.bankAccount, {
    id: account.id,
    name: 'Main account',
    providerExternalId: 'other',
    externalAccountId: '12345678',
    identification: '040004',
    status: 'pending',
  });
  assert.match(result.secretKey, /^[0-9a-f-]{36}$/);
  assert.match(result.webhookSecret, /^whsec_/);
  assert.equal(result.webhookUrl, undefined, 'request-only');

  const got = await app.call({ method: 'GET', url: `${base}/${result.id}`, headers: partner.partnerHeaders });
  assert.equal(got.statusCode, 200);
  const data = got.json().data;
  assert.equal(data.secretKey, undefined);
  assert.equal(data.bankAccount.id, account.id);
  assert.equal(data.isSandbox, true);
});

test('list answers {succeed, data} newest first with X-Total-Count', async (t) => {
  const { app, partner, account, base } = await setUp(t);
  const ids: string[] = [];
  for (const name of ['One', 'Two', 'Three']) {
    const res = await app.call({
      method: 'POST',
      url: base,
      headers: partner.partnerHeaders,
      payload: { name, webhookUrl: 'https://shop.example/hooks', bankAccount: account.id },
    });
    ids.push(res.json().result.id);
    app.clock.advance(1000);
  }
  const list = await app.call({ method: 'GET', url: base, headers: partner.partnerHeaders });
  assert.equal(list.statusCode, 200);
  assert.equal(list.json().succeed, true);
  assert.equal(list.headers['x-total-count'], '3');
  assert.deepEqual(
    list.json().data.map((i: { id: string }) => i.id),
    ids.reverse(),
  );
  assert.equal(list.json().data[0].bankAccount.id, account.id);
  const paged = await app.call({
    method: 'GET',
    url: `${base}?limit=1&page=3`,
    headers: partner.partnerHeaders,
  });
  assert.deepEqual(
    paged.json().data.map((i: { id: string }) => i.id),
    [ids[2]],
  );
});

test('update answers {created, result}; a new webhook URL gets a new secret; another bank account can be attached', async (t) => {
  const { app, partner, company, account, base } = await setUp(t);
  const other = await addBankAccount(app, partner, company.id, {
    accountNumber: '55555555',
    name: 'Savings',
  });
  const created = await app.call({
    method: 'POST',
    url: base,
    headers: partner.partnerHeaders,
    payload: { name: 'Shop', webhookUrl: 'https://shop.example/hooks', bankAccount: account.id },
  });
  const id = created.json().result.id;
  const same = await app.call({
    method: 'PUT',
    url: `${base}/${id}`,
    headers: partner.partnerHeaders,
    payload: {
      name: 'Renamed',
      webhookUrl: 'https://shop.example/hooks',
      bankAccount: other.id,
      servicePaymentPageRedirectEnabled: false,
    },
  });
  assert.equal(same.statusCode, 200, same.body);
  assert.equal(same.json().created, true);
  assert.equal(same.json().result.name, 'Renamed');
  assert.equal(same.json().result.servicePaymentPageRedirectEnabled, false);
  assert.equal(same.json().result.bankAccount.id, other.id);
  assert.equal(same.json().result.webhookSecret, undefined);

  const moved = await app.call({
    method: 'PUT',
    url: `${base}/${id}`,
    headers: partner.partnerHeaders,
    payload: { name: 'Renamed', webhookUrl: 'https://new.example/hooks', bankAccount: other.id },
  });
  assert.equal(moved.statusCode, 200);
  assert.match(moved.json().result.webhookSecret, /^whsec_/);
  assert.notEqual(moved.json().result.webhookSecret, created.json().result.webhookSecret);
  assert.equal(moved.json().result.servicePaymentPageRedirectEnabled, true, 'default true when left out');
});
