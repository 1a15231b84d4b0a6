import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { accountsUrl, bankAccountBody, createBankAccount } from '../../helpers/bank-accounts.js';
import { adminHeaders, companyBody, createCompany, tenant } from '../../helpers/fixtures.js';

const operations = (companyId: string, id: string) => [
  { method: 'POST' as const, url: accountsUrl(companyId), payload: bankAccountBody() },
  { method: 'POST' as const, url: accountsUrl(companyId, '/connect'), payload: {} },
  { method: 'GET' as const, url: accountsUrl(companyId) },
  { method: 'GET' as const, url: accountsUrl(companyId, `/${id}`) },
  { method: 'PATCH' as const, url: accountsUrl(companyId, `/${id}`), payload: { name: 'x' } },
  { method: 'POST' as const, url: accountsUrl(companyId, `/${id}/default`) },
  { method: 'POST' as const, url: accountsUrl(companyId, `/${id}/reconsent`) },
];

test('401 without, or with wrong, terminal credentials on every operation', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const account = await createBankAccount(app, partner, company.id);
  const wrong = { ...partner.terminalHeaders, 'terminal-secret': '00000000-0000-4000-8000-000000000000' };
  for (const op of operations(company.id, account.id)) {
    for (const headers of [{}, wrong, { 'terminal-id': partner.terminalHeaders['terminal-id'] as string }]) {
      const res = await app.call({ ...op, headers });
      assert.equal(res.statusCode, 401, `${op.method} ${op.url}`);
      assert.equal(res.json().code, 'unauthorized');
    }
  }
});

test("403 on another partner's company, whether or not it exists; nothing changes", async (t) => {
  const app = await buildTestApp(t);
  const owner = await tenant(app, 'Owner');
  const intruder = await tenant(app, 'Intruder');
  const account = await createBankAccount(app, owner.partner, owner.company.id);
  for (const companyId of [owner.company.id, '0123456789abcdef01234567']) {
    for (const op of operations(companyId, account.id)) {
      const res = await app.call({ ...op, headers: intruder.partner.terminalHeaders });
      assert.equal(res.statusCode, 403, `${op.method} ${op.url}: ${res.body}`);
      assert.equal(res.json().code, 'forbidden');
    }
  }
  const got = await app.call({
    method: 'GET',
    url: accountsUrl(owner.company.id, `/${account.id}`),
    headers: owner.partner.terminalHeaders,
  });
  assert.deepEqual(got.json().data, account);
});

test("a company's account is a 404 through the partner's other company; a banned company is a 403", async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const sibling = await createCompany(app, partner, { name: 'Sibling Ltd' });
  const account = await createBankAccount(app, partner, company.id);
  for (const op of operations(sibling.id, account.id).slice(3)) {
    const res = await app.call({ ...op, headers: partner.terminalHeaders });
    assert.equal(res.statusCode, 404, `${op.method} ${op.url}`);
  }
  const banned = await app.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: adminHeaders,
    payload: companyBody({ status: 'banned' }),
  });
  const res = await app.call({
    method: 'GET',
    url: accountsUrl(banned.json().result.id),
    headers: partner.terminalHeaders,
  });
  assert.equal(res.statusCode, 403);
});
