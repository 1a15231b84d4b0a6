import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import { addBankAccount, createPartnerCompany } from '../../helpers/partner-companies.js';

const body = (bankAccount: string) => ({
  name: 'Shop',
  webhookUrl: 'https://shop.example/hooks',
  bankAccount,
});

test('401 without a valid apisecret; 403 for another partner’s company or a made-up one', async (t) => {
  const app = await buildTestApp(t);
  const mine = await createPartner(app, 'Mine');
  const theirs = await createPartner(app, 'Theirs');
  const company = await createPartnerCompany(app, theirs);
  const account = await addBankAccount(app, theirs, company.id);
  const created = await app.call({
    method: 'POST',
    url: `/partner/v1/companies/${company.id}/integrations`,
    headers: theirs.partnerHeaders,
    payload: body(account.id),
  });
  const id = created.json().result.id;
  for (const companyId of [company.id, 'bbbbbbbbbbbbbbbbbbbbbbbb']) {
    const base = `/partner/v1/companies/${companyId}/integrations`;
    const operations = [
      ['POST', base, body(account.id)],
      ['GET', base, undefined],
      ['GET', `${base}/${id}`, undefined],
      ['PUT', `${base}/${id}`, { ...body(account.id), name: 'hijacked' }],
    ] as const;
    for (const [method, url, payload] of operations) {
      const none = await app.call({ method, url, payload });
      assert.equal(none.statusCode, 401, `${method} ${url}`);
      const wrong = await app.call({
        method,
        url,
        headers: { apisecret: '00000000-0000-4000-8000-000000000000' },
        payload,
      });
      assert.equal(wrong.statusCode, 401);
      const res = await app.call({ method, url, headers: mine.partnerHeaders, payload });
      assert.equal(res.statusCode, 403, `${method} ${url}`);
      assert.equal(res.json().code, 'forbidden');
    }
  }
  const still = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${company.id}/integrations/${id}`,
    headers: theirs.partnerHeaders,
  });
  assert.equal(still.json().data.name, 'Shop');
});

test('an integration or bank account of another company of the same partner is a 404 through this path', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const first = await createPartnerCompany(app, partner);
  const second = await createPartnerCompany(app, partner, { name: 'Second Co' });
  const account = await addBankAccount(app, partner, second.id);
  const created = await app.call({
    method: 'POST',
    url: `/partner/v1/companies/${second.id}/integrations`,
    headers: partner.partnerHeaders,
    payload: body(account.id),
  });
  const base = `/partner/v1/companies/${first.id}/integrations`;
  const got = await app.call({
    method: 'GET',
    url: `${base}/${created.json().result.id}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(got.statusCode, 404);
  const borrowed = await app.call({
    method: 'POST',
    url: base,
    headers: partner.partnerHeaders,
    payload: body(account.id),
  });
  assert.equal(borrowed.statusCode, 404, "another company's bank account is not in reach");
});

test('a disabled company: its integrations can be read, not created or changed (403)', async (t) => {
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
  const id = created.json().result.id;
  await app.call({
    method: 'POST',
    url: `/partner/v1/companies/${company.id}/disable`,
    headers: partner.partnerHeaders,
  });
  assert.equal(
    (await app.call({ method: 'GET', url: base, headers: partner.partnerHeaders })).statusCode,
    200,
  );
  assert.equal(
    (await app.call({ method: 'GET', url: `${base}/${id}`, headers: partner.partnerHeaders })).statusCode,
    200,
  );
  const create = await app.call({
    method: 'POST',
    url: base,
    headers: partner.partnerHeaders,
    payload: body(account.id),
  });
  assert.equal(create.statusCode, 403);
  const update = await app.call({
    method: 'PUT',
    url: `${base}/${id}`,
    headers: partner.partnerHeaders,
    payload: body(account.id),
  });
  assert.equal(update.statusCode, 403);
});
