// Companies pages (issue 16, item 5): list and search, creation with the API's rules and code path, the
// company page with its officers, bank accounts and integrations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { createCompany, createIntegration } from '../helpers/fixtures.js';
import { signedInUser } from '../helpers/portal.js';
import { PORTAL_ROUTES } from './portal-routes.js';

const FORM = PORTAL_ROUTES.find((r) => r.method === 'POST' && r.pattern === '/portal/companies')!.form!;

test('an admin creates a company: pending, the officer link shown once, verified through the sandbox, then active', async (t) => {
  const app = await buildTestApp(t);
  const { client, partner } = await signedInUser(app, { role: 'admin' });
  const created = await client.submit('/portal/companies', '/portal/companies', FORM);
  assert.equal(created.statusCode, 200, created.body);
  assert.match(created.body, /id="company-status">pending_verification</);
  const link = /readonly value="(http:\/\/localhost:8080\/public\/v1\/verification\/[^"]+)"/.exec(
    created.body,
  )?.[1];
  assert.ok(link, 'the verification link is shown');
  const { id: companyId } = await app.deps.db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', 'Portal Shop Ltd')
    .executeTakeFirstOrThrow();
  const api = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${companyId}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(api.statusCode, 200);
  assert.equal(api.json().data.status, 'pending_verification');
  assert.equal(api.json().data.officers[0].name, 'Pat Portal');

  const page = await client.get(`/portal/companies/${companyId}`);
  assert.doesNotMatch(page.body, /\/public\/v1\/verification\//, 'the link is shown only once');
  const officerId = api.json().data.officers[0].id;
  const passed = await app.call({
    method: 'POST',
    url: `/sandbox/v1/companies/${companyId}/officers/${officerId}/verification`,
    payload: { outcome: 'pass' },
  });
  assert.equal(passed.statusCode, 200, passed.body);
  const after = await client.get(`/portal/companies/${companyId}`);
  assert.match(after.body, /id="company-status">active</);
  assert.match((await client.get('/portal/companies')).body, /1 of 1/);
  const audit = await app.deps.db
    .selectFrom('portal_audit')
    .select('action')
    .where('action', '=', 'company_created')
    .execute();
  assert.equal(audit.length, 1);
});

test('the API refuses what the form refuses; nothing is created', async (t) => {
  const app = await buildTestApp(t);
  const { client } = await signedInUser(app);
  const bad = await client.submit('/portal/companies', '/portal/companies', {
    ...FORM,
    name: '',
    publicEmail: 'not-an-address',
    countryCode: 'G1',
  });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /The company was not created/);
  assert.match(bad.body, /publicEmail must match format/);
  assert.match(bad.body, /name/);
  const mail = await client.submit('/portal/companies', '/portal/companies', { ...FORM, sendEmail: 'on' });
  assert.equal(mail.statusCode, 400, 'sendEmail needs the e-mail settings first, as in the API');
  assert.match(mail.body, /e-mail settings/);
  assert.deepEqual(await app.deps.db.selectFrom('companies').select('id').execute(), []);
});

test('the list searches by name (any case) or identifier, and shows each company with its integrations', async (t) => {
  const app = await buildTestApp(t);
  const { client, partner } = await signedInUser(app);
  const acme = await createCompany(app, partner, { name: 'Acme Widgets Ltd', identifier: '11111111' });
  await createCompany(app, partner, { name: 'Bolt 100% Ltd', identifier: '22222222' });
  await createIntegration(app, partner, acme.id, { name: 'Till' });
  const count = async (q: string) => {
    const res = await client.get(`/portal/companies?q=${encodeURIComponent(q)}`);
    assert.equal(res.statusCode, 200);
    return Number(/(\d+) companies/.exec(res.body)?.[1]);
  };
  assert.equal(await count(''), 2);
  assert.equal(await count('widgets'), 1);
  assert.equal(await count('22222222'), 1);
  assert.equal(await count('2222'), 0, 'identifiers match whole');
  assert.equal(await count('100%'), 1, 'a % is a character, not a wildcard');
  assert.equal(await count('%'), 1);
  const page = await client.get(`/portal/companies/${acme.id}`);
  assert.match(page.body, /<td>Till<\/td>/);
  assert.match(page.body, /id="company-status">active</);
});

test("another partner's company is not found", async (t) => {
  const app = await buildTestApp(t);
  const mine = await signedInUser(app);
  const theirs = await signedInUser(app, { email: 'them@other.example' });
  const company = await createCompany(app, mine.partner);
  assert.equal((await theirs.client.get(`/portal/companies/${company.id}`)).statusCode, 404);
  assert.equal((await theirs.client.get(`/portal/companies/aaaaaaaaaaaaaaaaaaaaaaaa`)).statusCode, 404);
  assert.equal((await theirs.client.get(`/portal/companies/nope`)).statusCode, 404);
  assert.match((await theirs.client.get('/portal/companies')).body, /0 companies/);
});
