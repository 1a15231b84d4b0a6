import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createCompany, createPartner, tenant } from '../../helpers/fixtures.js';
import { multipart, SAMPLE_FILES } from '../../helpers/multipart.js';

const url = (companyId: string, rest = '') => `/partner/v1/companies/${companyId}/branding${rest}`;

test('branding refuses bad colours and files, changes nothing, and keeps tenants apart', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const headers = partner.partnerHeaders;
  const upload = async (data: Buffer, name = 'logo.png', companyId = company.id, h = headers) => {
    const form = await multipart({}, { name, data });
    return app.call({
      method: 'PUT',
      url: url(companyId, '/logo'),
      headers: { ...h, ...form.headers },
      payload: form.payload,
    });
  };

  for (const accentColour of ['red', '#fff', '#12345g', '#1234567', 'javascript:alert(1)', '', 12]) {
    const res = await app.call({ method: 'PUT', url: url(company.id), headers, payload: { accentColour } });
    assert.equal(res.statusCode, 400, `${accentColour}: ${res.body}`);
    assert.equal(res.json().code, 'validation_failed');
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
  }
  const missing = await app.call({ method: 'PUT', url: url(company.id), headers, payload: {} });
  assert.equal(missing.statusCode, 400);

  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const html = Buffer.from('<html><script>alert(1)</script></html>');
  for (const [name, data] of [
    ['logo.svg', svg],
    ['logo.png', html],
    ['statement.pdf', SAMPLE_FILES.pdf],
    ['empty.png', Buffer.alloc(0)],
  ] as const) {
    const res = await upload(data, name);
    assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
    assert.equal(res.json().errors[0].field, '/file');
  }
  const big = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(600 * 1024)]);
  const tooBig = await upload(big);
  assert.ok([400, 413].includes(tooBig.statusCode), tooBig.body);
  assert.equal(tooBig.headers['content-type'], 'application/problem+json; charset=utf-8');

  const noFile = await multipart({ note: 'x' });
  const withoutFile = await app.call({
    method: 'PUT',
    url: url(company.id, '/logo'),
    headers: { ...headers, ...noFile.headers },
    payload: noFile.payload,
  });
  assert.equal(withoutFile.statusCode, 400, withoutFile.body);
  const asJson = await app.call({
    method: 'PUT',
    url: url(company.id, '/logo'),
    headers,
    payload: { file: 'x' },
  });
  assert.equal(asJson.statusCode, 415);

  const after = await app.call({ method: 'GET', url: url(company.id), headers });
  assert.deepEqual(after.json().data, {
    accentColour: null,
    accentTextColour: null,
    logoUrl: null,
    logo: null,
    updatedAt: null,
  });

  // Another partner's company: 403 whatever the call, and nothing of it changes.
  const other = await createPartner(app, 'Partner Two');
  const theirs = await createCompany(app, other, { identifier: '87654321' });
  const put = await app.call({
    method: 'PUT',
    url: url(theirs.id),
    headers,
    payload: { accentColour: '#000000' },
  });
  assert.equal(put.statusCode, 403);
  assert.equal((await upload(SAMPLE_FILES.png, 'logo.png', theirs.id)).statusCode, 403);
  assert.equal((await app.call({ method: 'GET', url: url(theirs.id), headers })).statusCode, 403);
  assert.equal((await app.call({ method: 'DELETE', url: url(theirs.id, '/logo'), headers })).statusCode, 403);
  assert.equal((await app.call({ method: 'GET', url: url(theirs.id) })).statusCode, 401);

  // The logo route serves logos only: a stored bank statement's key is not a logo.
  const form = await multipart(
    { providerExternalId: 'other', externalAccountId: '31926819', identification: '601613', name: 'Main' },
    { name: 'statement.png', data: SAMPLE_FILES.png },
  );
  const account = await app.call({
    method: 'POST',
    url: `/partner/v1/companies/${company.id}/bank-accounts`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  assert.equal(account.statusCode, 200, account.body);
  const stored = await app.deps.db.selectFrom('files').select('key').executeTakeFirstOrThrow();
  assert.equal((await app.call({ method: 'GET', url: `/public/v1/logos/${stored.key}` })).statusCode, 404);
  // A name not of a logo's shape (path, other extension) and an unknown logo alike: a 404.
  for (const file of ['../files/x.png', 'abc.png', `${'a'.repeat(24)}.svg`, `${'a'.repeat(24)}.png`]) {
    const res = await app.call({ method: 'GET', url: `/public/v1/logos/${encodeURIComponent(file)}` });
    assert.equal(res.statusCode, 404, `${file}: ${res.body}`);
    assert.equal(res.json().code, 'not_found');
  }
});
