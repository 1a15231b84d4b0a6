import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { accountsUrl, bankAccountBody, createBankAccount } from '../../helpers/bank-accounts.js';
import { createIntegration, tenant } from '../../helpers/fixtures.js';

test('create manually answers 201: pending, manual, the company default, and get shows the same', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const body = bankAccountBody({ provider: 'ob-sandbox' });
  const res = await app.call({
    method: 'POST',
    url: accountsUrl(company.id),
    headers: partner.terminalHeaders,
    payload: { ...body, unknownField: 'dropped' },
  });
  assert.equal(res.statusCode, 201, res.body);
  assert.equal(res.headers['api-version'], '1.0.2');
  const { created, result } = res.json();
  assert.equal(created, true);
  assert.match(result.id, /^[0-9a-f]{24}$/);
  assert.deepEqual(
    { ...result, id: undefined, createdAt: undefined },
    {
      id: undefined,
      createdAt: undefined,
      sortCode: body.sortCode,
      accountNumber: body.accountNumber,
      name: 'Main account',
      provider: 'ob-sandbox',
      isDefault: true,
      status: 'pending',
      creationType: 'manual',
      bankStatementAttachmentURL: body.bankStatementAttachmentURL,
      bankConsentExpired: null,
    },
  );
  assert.equal('consentID' in result, false, 'consentID only for accounts connected via the app');

  const got = await app.call({
    method: 'GET',
    url: accountsUrl(company.id, `/${result.id}`),
    headers: partner.terminalHeaders,
  });
  assert.equal(got.statusCode, 200);
  assert.deepEqual(got.json().data, result);
});

test("the company's first account is attached to its integrations that have none; later ones are not", async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const before = await createIntegration(app, partner, company.id);
  const first = await createBankAccount(app, partner, company.id);
  const second = await createBankAccount(app, partner, company.id);
  assert.equal(second.isDefault, false);
  const integration = await app.call({
    method: 'GET',
    url: `/terminal/v1/companies/${company.id}/integrations/${before.id}`,
    headers: partner.terminalHeaders,
  });
  assert.equal(integration.json().data.bankAccount, first.id);
  const after = await createIntegration(app, partner, company.id);
  assert.equal((after as unknown as { bankAccount: string }).bankAccount, first.id, 'gets the default');
});

test('set as default moves the one default; list pages newest first with envelope B', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    ids.push((await createBankAccount(app, partner, company.id, { name: `Account ${i}` })).id);
    app.clock.advance(1000);
  }
  const res = await app.call({
    method: 'POST',
    url: accountsUrl(company.id, `/${ids[2]}/default`),
    headers: partner.terminalHeaders,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().saved, true);
  assert.equal(res.json().result.isDefault, true);

  const page1 = await app.call({
    method: 'GET',
    url: accountsUrl(company.id, '?limit=2'),
    headers: partner.terminalHeaders,
  });
  assert.equal(page1.statusCode, 200);
  const data = page1.json().data;
  assert.deepEqual(
    { ...data, docs: data.docs.map((d: { id: string; isDefault: boolean }) => [d.id, d.isDefault]) },
    {
      page: 1,
      totalDocs: 3,
      totalPages: 2,
      limit: 2,
      hasNextPage: true,
      docs: [
        [ids[2], true],
        [ids[1], false],
      ],
    },
  );
  const page2 = await app.call({
    method: 'GET',
    url: accountsUrl(company.id, '?page=2&limit=2'),
    headers: partner.terminalHeaders,
  });
  assert.deepEqual(
    page2.json().data.docs.map((d: { id: string; isDefault: boolean }) => [d.id, d.isDefault]),
    [[ids[0], false]],
  );
  const defaults = await app.call({
    method: 'GET',
    url: accountsUrl(company.id),
    headers: partner.terminalHeaders,
  });
  assert.equal(defaults.json().data.limit, 25);
  assert.equal(defaults.json().data.page, 1);
  assert.equal(defaults.json().data.hasNextPage, false);

  const again = await app.call({
    method: 'POST',
    url: accountsUrl(company.id, `/${ids[2]}/default`),
    headers: partner.terminalHeaders,
  });
  assert.equal(again.statusCode, 200, 'setting the default again is a no-op');
});

test('exactly one default per company even when every account is made default at once', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) ids.push((await createBankAccount(app, partner, company.id)).id);
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(
      ids.map((id) =>
        app.call({
          method: 'POST',
          url: accountsUrl(company.id, `/${id}/default`),
          headers: partner.terminalHeaders,
        }),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      ids.map(() => 200),
    );
    const defaults = await app.deps.db
      .selectFrom('bank_accounts')
      .select('id')
      .where('company_id', '=', company.id)
      .where('is_default', '=', 1)
      .execute();
    assert.equal(defaults.length, 1);
  }
});

test('update name answers the renamed account; other companies keep their own defaults', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const account = await createBankAccount(app, partner, company.id);
  const res = await app.call({
    method: 'PATCH',
    url: accountsUrl(company.id, `/${account.id}`),
    headers: partner.terminalHeaders,
    payload: { name: 'Takings' },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json(), { saved: true, result: { ...account, name: 'Takings' } });

  const other = await app.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: { authorization: 'Bearer test-admin-token-0123456789' },
    payload: (await import('../../helpers/fixtures.js')).companyBody({ name: 'Second Ltd' }),
  });
  const otherAccount = await createBankAccount(app, partner, other.json().result.id, {
    sortCode: account.sortCode,
    accountNumber: account.accountNumber,
  });
  assert.equal(otherAccount.isDefault, true, 'the same account number in another company is its own account');
});
