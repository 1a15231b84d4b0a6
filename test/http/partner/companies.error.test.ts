import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import {
  createPartnerCompany,
  createVerifiedCompany,
  partnerCompanyBody,
} from '../../helpers/partner-companies.js';

const without = (field: string) => {
  const body: Record<string, unknown> = partnerCompanyBody();
  delete body[field];
  return body;
};

test('create: 400 naming the field for each rule of the body', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const cases: Array<[Record<string, unknown>, string]> = [
    ...[
      'name',
      'countryCode',
      'type',
      'identifier',
      'publicEmail',
      'supportPhone',
      'contactName',
      'address',
      'sendEmail',
    ].map((field): [Record<string, unknown>, string] => [without(field), `/${field}`]),
    [partnerCompanyBody({ identifier: '1234567' }), '/identifier'],
    [partnerCompanyBody({ identifier: '12345678901' }), '/identifier'],
    [partnerCompanyBody({ type: 'partnership' }), '/type'],
    [partnerCompanyBody({ countryCode: 'GBR' }), '/countryCode'],
    [partnerCompanyBody({ publicEmail: 'not-an-email' }), '/publicEmail'],
    [partnerCompanyBody({ supportPhone: 'call me' }), '/supportPhone'],
    [partnerCompanyBody({ address: 'London' }), '/address'],
    [partnerCompanyBody({ sendEmail: 'yes' }), '/sendEmail'],
    [partnerCompanyBody({ publicWebsite: 'not a url' }), '/publicWebsite'],
    [partnerCompanyBody({ officers: [] }), '/officers'],
    [
      partnerCompanyBody({ officers: [{ name: 'Al', email: 'al@acme.example', role: 'ceo' }] }),
      '/officers/0/role',
    ],
    [partnerCompanyBody({ officers: [{ name: 'Al', email: 'nope', role: 'owner' }] }), '/officers/0/email'],
    [partnerCompanyBody({ officers: [{ email: 'al@acme.example', role: 'owner' }] }), '/officers/0/name'],
    [
      partnerCompanyBody({
        bankAccount: {
          name: 'A',
          providerExternalId: 'other',
          externalAccountId: '1234567',
          identification: '112233',
        },
      }),
      '/bankAccount/externalAccountId',
    ],
    [
      partnerCompanyBody({
        bankAccount: {
          name: 'A',
          providerExternalId: 'other',
          externalAccountId: '12345678',
          identification: '11223',
        },
      }),
      '/bankAccount/identification',
    ],
    [
      partnerCompanyBody({
        bankAccount: {
          name: 'A',
          providerExternalId: 'ob-no-such-bank',
          externalAccountId: '12345678',
          identification: '112233',
        },
      }),
      '/bankAccount/providerExternalId',
    ],
    [partnerCompanyBody({ bankAccount: { name: 'A' } }), '/bankAccount/providerExternalId'],
    [partnerCompanyBody({ integration: { name: 'Shop' } }), '/integration/webhookUrl'],
    [
      partnerCompanyBody({ integration: { name: 'Shop', webhookUrl: 'ftp://shop.example/hook' } }),
      '/integration/webhookUrl',
    ],
    [partnerCompanyBody({ status: 'active' }), '/status'],
    [partnerCompanyBody({ status: 'whatever' }), '/status'],
  ];
  for (const [payload, field] of cases) {
    const res = await app.call({
      method: 'POST',
      url: '/partner/v1/companies',
      headers: partner.partnerHeaders,
      payload,
    });
    assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    const problem = res.json();
    assert.equal(problem.code, 'validation_failed');
    assert.ok(
      problem.errors.some((e: { field: string }) => e.field === field),
      `${field} not among ${JSON.stringify(problem.errors)}`,
    );
  }
  const list = await app.call({
    method: 'GET',
    url: '/partner/v1/companies',
    headers: partner.partnerHeaders,
  });
  assert.deepEqual(list.json().data, [], 'no company was made by a rejected request');
});

test('create: a failure in the bank account or integration leaves nothing behind (one transaction)', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const res = await app.call({
    method: 'POST',
    url: '/partner/v1/companies',
    headers: partner.partnerHeaders,
    payload: partnerCompanyBody({
      bankAccount: {
        name: 'A',
        providerExternalId: 'other',
        externalAccountId: '12345678',
        identification: '112233',
      },
      integration: { name: 'Shop', webhookUrl: 'mailto:shop@example.com' },
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

test("create: sendEmail needs the partner's e-mail settings (400)", async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const res = await app.call({
    method: 'POST',
    url: '/partner/v1/companies',
    headers: partner.partnerHeaders,
    payload: partnerCompanyBody({ sendEmail: true }),
  });
  assert.equal(res.statusCode, 400);
  assert.equal(res.json().errors[0].field, '/sendEmail');
  assert.match(res.json().detail, /settings/);
});

test('create: malformed JSON is a 400 malformed_json', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const bad = await app.call({
    method: 'POST',
    url: '/partner/v1/companies',
    headers: { ...partner.partnerHeaders, 'content-type': 'application/json' },
    payload: '{"name": ',
  });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().code, 'malformed_json');
});

test('update: 400 for each rule of the body', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ publicEmail: 'nope' }, '/publicEmail'],
    [{ publicEmail: null }, '/publicEmail'],
    [{ supportPhone: 'x' }, '/supportPhone'],
    [{ publicWebsite: 'not a url' }, '/publicWebsite'],
    [{ tradingName: '' }, '/tradingName'],
    [{ tradingAddress: 'Leeds' }, '/tradingAddress'],
    [{ status: 'closed' }, '/status'],
    [{ taxNumber: 42 }, '/taxNumber'],
  ];
  for (const [payload, field] of cases) {
    const res = await app.call({
      method: 'PATCH',
      url: `/partner/v1/companies/${company.id}`,
      headers: partner.partnerHeaders,
      payload,
    });
    assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
    assert.ok(
      res.json().errors.some((e: { field: string }) => e.field === field),
      `${field} not among ${JSON.stringify(res.json().errors)}`,
    );
  }
});

test('update: 409 for a status verification decides; disable: 409 when already disabled', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const pending = await createPartnerCompany(app, partner);
  for (const status of ['active', 'started_verification', 'rejected_with_retry_allowed']) {
    const res = await app.call({
      method: 'PATCH',
      url: `/partner/v1/companies/${pending.id}`,
      headers: partner.partnerHeaders,
      payload: { status, tradingName: 'Not saved' },
    });
    assert.equal(res.statusCode, 409, `${status}: ${res.body}`);
    assert.equal(res.json().code, 'invalid_state');
  }
  const got = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${pending.id}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(got.json().data.tradingName, null, 'a refused update changes nothing');

  const verified = await createVerifiedCompany(app, partner, { name: 'Verified Co' });
  const url = `/partner/v1/companies/${verified.id}`;
  assert.equal(
    (await app.call({ method: 'POST', url: `${url}/disable`, headers: partner.partnerHeaders })).statusCode,
    200,
  );
  const again = await app.call({ method: 'POST', url: `${url}/disable`, headers: partner.partnerHeaders });
  assert.equal(again.statusCode, 409);
  assert.equal(again.json().code, 'invalid_state');
  // Re-enabling asks for the status verification gives (active), not another one.
  const wrong = await app.call({
    method: 'PATCH',
    url,
    headers: partner.partnerHeaders,
    payload: { status: 'pending_verification' },
  });
  assert.equal(wrong.statusCode, 409);
  assert.match(wrong.json().detail, /active/);
});

test('404 for a companyId that is not an object id; paging limits are checked', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  for (const [method, url] of [
    ['GET', '/partner/v1/companies/not-an-id'],
    ['PATCH', '/partner/v1/companies/not-an-id'],
    ['POST', '/partner/v1/companies/not-an-id/disable'],
  ] as const) {
    const res = await app.call({
      method,
      url,
      headers: partner.partnerHeaders,
      payload: method === 'PATCH' ? {} : undefined,
    });
    assert.equal(res.statusCode, 404, `${method} ${url}`);
    assert.equal(res.json().code, 'not_found');
  }
  for (const query of ['limit=0', 'limit=1001', 'page=0', 'page=x']) {
    const res = await app.call({
      method: 'GET',
      url: `/partner/v1/companies?${query}`,
      headers: partner.partnerHeaders,
    });
    assert.equal(res.statusCode, 400, query);
  }
});
