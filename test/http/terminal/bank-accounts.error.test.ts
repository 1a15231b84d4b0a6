import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { accountsUrl, bankAccountBody, createBankAccount, setStatus } from '../../helpers/bank-accounts.js';
import { tenant } from '../../helpers/fixtures.js';

async function setUp(t: Parameters<typeof buildTestApp>[0]) {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  return { app, partner, company };
}

async function create(app: TestApp, headers: Record<string, string>, companyId: string, payload: unknown) {
  return app.call({ method: 'POST', url: accountsUrl(companyId), headers, payload: payload as object });
}

test('create manually: 400 for each pattern, naming the failing field', async (t) => {
  const { app, partner, company } = await setUp(t);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ sortCode: '12345' }, '/sortCode'],
    [{ sortCode: '1234567' }, '/sortCode'],
    [{ sortCode: '12-34-56' }, '/sortCode'],
    [{ sortCode: 123456 }, '/sortCode'],
    [{ accountNumber: '1234567' }, '/accountNumber'],
    [{ accountNumber: '123456789' }, '/accountNumber'],
    [{ accountNumber: '1234567a' }, '/accountNumber'],
    [{ name: '' }, '/name'],
    [{ name: 'x'.repeat(201) }, '/name'],
    [{ provider: 'ob-nosuchbank' }, '/provider'],
    [{ provider: 'OTHER' }, '/provider'],
    [{ bankStatementAttachmentURL: 'statement.pdf' }, '/bankStatementAttachmentURL'],
    [{ bankStatementAttachmentURL: 'ftp://files.example/s.pdf' }, '/bankStatementAttachmentURL'],
  ];
  for (const [override, field] of cases) {
    const res = await create(app, partner.terminalHeaders, company.id, bankAccountBody(override));
    assert.equal(res.statusCode, 400, `${JSON.stringify(override)}: ${res.body}`);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(res.json().code, 'validation_failed');
    assert.ok(
      res.json().errors.some((e: { field: string }) => e.field === field),
      `${JSON.stringify(override)} names ${field}: ${res.body}`,
    );
  }
  for (const missing of ['sortCode', 'accountNumber', 'name', 'provider', 'bankStatementAttachmentURL']) {
    const body: Record<string, unknown> = bankAccountBody();
    delete body[missing];
    const res = await create(app, partner.terminalHeaders, company.id, body);
    assert.equal(res.statusCode, 400, missing);
    assert.deepEqual(res.json().errors, [
      { field: `/${missing}`, message: `must have required property '${missing}'` },
    ]);
  }
  const all = await create(app, partner.terminalHeaders, company.id, { sortCode: 'x', accountNumber: 'y' });
  assert.equal(all.statusCode, 400);
  assert.ok(all.json().errors.length >= 5, 'every failing field is listed');
  const list = await app.call({
    method: 'GET',
    url: accountsUrl(company.id),
    headers: partner.terminalHeaders,
  });
  assert.equal(list.json().data.totalDocs, 0, 'nothing was stored');
});

test('create manually: malformed JSON is a 400, a duplicate account number in the company a 409', async (t) => {
  const { app, partner, company } = await setUp(t);
  const malformed = await app.call({
    method: 'POST',
    url: accountsUrl(company.id),
    headers: { ...partner.terminalHeaders, 'content-type': 'application/json' },
    payload: '{"sortCode":',
  });
  assert.equal(malformed.statusCode, 400);
  assert.equal(malformed.json().code, 'malformed_json');

  const body = bankAccountBody();
  assert.equal((await create(app, partner.terminalHeaders, company.id, body)).statusCode, 201);
  const duplicate = await create(app, partner.terminalHeaders, company.id, { ...body, name: 'Again' });
  assert.equal(duplicate.statusCode, 409, duplicate.body);
  assert.equal(duplicate.json().code, 'invalid_state');
  const racing = await Promise.all(
    [1, 2, 3].map(() =>
      create(app, partner.terminalHeaders, company.id, { ...body, accountNumber: '55555555' }),
    ),
  );
  assert.deepEqual(racing.map((r) => r.statusCode).sort(), [201, 409, 409]);
});

test('unknown or malformed ids are 404 on every operation of an account', async (t) => {
  const { app, partner, company } = await setUp(t);
  for (const id of ['0123456789abcdef01234567', 'not-an-id', 'ABCDEF0123456789ABCDEF01']) {
    const calls = [
      { method: 'GET' as const, url: accountsUrl(company.id, `/${id}`) },
      { method: 'PATCH' as const, url: accountsUrl(company.id, `/${id}`), payload: { name: 'x' } },
      { method: 'POST' as const, url: accountsUrl(company.id, `/${id}/default`) },
      { method: 'POST' as const, url: accountsUrl(company.id, `/${id}/reconsent`) },
    ];
    for (const call of calls) {
      const res = await app.call({ ...call, headers: partner.terminalHeaders });
      assert.equal(res.statusCode, 404, `${call.method} ${call.url}: ${res.body}`);
      assert.equal(res.json().code, 'not_found');
    }
  }
});

test('rename: 400 without a name; list: 400 for a limit over 100 or a page below 1', async (t) => {
  const { app, partner, company } = await setUp(t);
  const account = await createBankAccount(app, partner, company.id);
  for (const payload of [{}, { name: '' }, { name: 7 }]) {
    const res = await app.call({
      method: 'PATCH',
      url: accountsUrl(company.id, `/${account.id}`),
      headers: partner.terminalHeaders,
      payload,
    });
    assert.equal(res.statusCode, 400, JSON.stringify(payload));
  }
  for (const query of ['?limit=101', '?limit=0', '?page=0', '?page=x']) {
    const res = await app.call({
      method: 'GET',
      url: accountsUrl(company.id, query),
      headers: partner.terminalHeaders,
    });
    assert.equal(res.statusCode, 400, query);
  }
});

test('409: a disabled account cannot be the default; a manual account cannot be re-consented', async (t) => {
  const { app, partner, company } = await setUp(t);
  await createBankAccount(app, partner, company.id);
  const second = await createBankAccount(app, partner, company.id);
  assert.equal((await setStatus(app, second.id, 'disabled')).statusCode, 200);
  const res = await app.call({
    method: 'POST',
    url: accountsUrl(company.id, `/${second.id}/default`),
    headers: partner.terminalHeaders,
  });
  assert.equal(res.statusCode, 409, res.body);
  assert.equal(res.json().code, 'invalid_state');

  const reconsent = await app.call({
    method: 'POST',
    url: accountsUrl(company.id, `/${second.id}/reconsent`),
    headers: partner.terminalHeaders,
  });
  assert.equal(reconsent.statusCode, 409, reconsent.body);
  assert.match(reconsent.json().detail, /data_api/);
});

test('connect via app: 400 for `other` or an unknown provider', async (t) => {
  const { app, partner, company } = await setUp(t);
  for (const provider of ['other', 'ob-nosuchbank', 42]) {
    const res = await app.call({
      method: 'POST',
      url: accountsUrl(company.id, '/connect'),
      headers: partner.terminalHeaders,
      payload: { provider },
    });
    assert.equal(res.statusCode, 400, String(provider));
    assert.equal(res.json().errors[0].field, '/provider');
  }
});
