import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import {
  createPartnerCompany,
  createVerifiedCompany,
  partnerCompanyBody,
  partnerEvents,
} from '../../helpers/partner-companies.js';

const OBJECT_ID = /^[0-9a-f]{24}$/;

test('create answers 200 {created, result}: pending_verification, one director from the contact', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const res = await app.call({
    method: 'POST',
    url: '/partner/v1/companies',
    headers: partner.partnerHeaders,
    payload: partnerCompanyBody({ industry: 'Retail', publicWebsite: 'https://acme.example' }),
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['api-version'], '1.4');
  const { created, result } = res.json();
  assert.equal(created, true);
  assert.match(result.id, OBJECT_ID);
  assert.equal(result.status, 'pending_verification');
  assert.equal(result.name, 'Acme Widgets Ltd');
  assert.equal(result.industry, 'Retail');
  assert.equal(result.identifier, '12345678');
  assert.deepEqual(result.address, {
    addressLine1: '1 High Street',
    city: 'London',
    zipCode: 'E1 6AN',
    country: 'GB',
  });
  assert.equal(result.bankAccount, null);
  assert.equal(result.integration, null);
  assert.equal(result.officers.length, 1);
  const [officer] = result.officers;
  assert.match(officer.id, OBJECT_ID);
  assert.equal(officer.name, 'Ada Owner');
  assert.equal(officer.role, 'director');
  assert.equal(officer.status, 'pending_verification');
  assert.match(
    officer.verificationUrl,
    /^http:\/\/localhost:8080\/public\/v1\/verification\/[A-Za-z0-9_-]{32}$/,
  );
  assert.equal(result.sendEmail, undefined, 'sendEmail is a request field only');
});

test('create with officers, a bank account and an integration: all made, the integration receives into the account', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const res = await app.call({
    method: 'POST',
    url: '/partner/v1/companies',
    headers: partner.partnerHeaders,
    payload: partnerCompanyBody({
      type: 'solo_trader',
      identifier: 'AB12345678',
      tradingName: 'Acme Market',
      officers: [
        { name: 'Dana Director', email: 'dana@acme.example', role: 'director' },
        { name: 'Olu Owner', email: 'olu@acme.example', role: 'owner' },
      ],
      bankAccount: {
        name: 'Takings',
        providerExternalId: 'other',
        externalAccountId: '87654321',
        identification: '112233',
      },
      integration: { name: 'Shop', webhookUrl: 'https://shop.example/hooks' },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const { result } = res.json();
  assert.equal(result.type, 'solo_trader');
  assert.equal(result.tradingName, 'Acme Market');
  assert.deepEqual(
    result.officers.map((o: { name: string; role: string }) => [o.name, o.role]),
    [
      ['Dana Director', 'director'],
      ['Olu Owner', 'owner'],
    ],
  );
  assert.notEqual(result.officers[0].verificationUrl, result.officers[1].verificationUrl);
  assert.deepEqual(
    { ...result.bankAccount, id: undefined },
    {
      id: undefined,
      name: 'Takings',
      providerExternalId: 'other',
      externalAccountId: '87654321',
      identification: '112233',
      status: 'pending',
    },
  );
  assert.equal(result.integration.name, 'Shop');
  assert.match(result.integration.secretKey, /^[0-9a-f-]{36}$/);
  assert.match(result.integration.webhookSecret, /^whsec_/);

  const integration = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${result.id}/integrations/${result.integration.id}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(integration.statusCode, 200, integration.body);
  const data = integration.json().data;
  assert.equal(data.bankAccount.id, result.bankAccount.id, 'attached to the company bank account');
  assert.equal(data.servicePaymentPageRedirectEnabled, true, 'default true');
  assert.equal(data.isSandbox, false);
  assert.equal(data.secretKey, undefined, 'the secret is shown only once');

  const got = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${result.id}`,
    headers: partner.partnerHeaders,
  });
  const company = got.json().data;
  assert.deepEqual(company.integration, { id: result.integration.id, name: 'Shop' });
  assert.equal(company.bankAccount.id, result.bankAccount.id);
  assert.equal(company.officers[0].verificationUrl, undefined, 'links are shown only at creation');
});

test('get and list answer {data}; the list is newest first, pages, and gives X-Total-Count', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const ids: string[] = [];
  for (const name of ['First Co', 'Second Co', 'Third Co']) {
    ids.push((await createPartnerCompany(app, partner, { name })).id);
    app.clock.advance(1000);
  }
  const list = await app.call({
    method: 'GET',
    url: '/partner/v1/companies',
    headers: partner.partnerHeaders,
  });
  assert.equal(list.statusCode, 200);
  assert.equal(list.headers['x-total-count'], '3');
  assert.deepEqual(
    list.json().data.map((c: { id: string }) => c.id),
    [ids[2], ids[1], ids[0]],
  );
  const page = await app.call({
    method: 'GET',
    url: '/partner/v1/companies?page=2&limit=2',
    headers: partner.partnerHeaders,
  });
  assert.deepEqual(
    page.json().data.map((c: { id: string }) => c.id),
    [ids[0]],
  );
  const got = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${ids[1]}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(got.statusCode, 200);
  assert.equal(got.json().data.name, 'Second Co');
  assert.equal(got.json().data.officers.length, 1);
});

test('update changes only the fields sent, null clears, and answers {created, result}', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner, {
    industry: 'Retail',
    taxNumber: 'GB123456789',
  });
  const res = await app.call({
    method: 'PATCH',
    url: `/partner/v1/companies/${company.id}`,
    headers: partner.partnerHeaders,
    payload: {
      tradingName: 'Acme Outlet',
      tradingAddress: { addressLine1: '2 Market Row', city: 'Leeds', zipCode: 'LS1 1AA' },
      publicEmail: 'hello@acme.example',
      supportPhone: '+44 113 496 0000',
      privacyPolicy: 'https://acme.example/privacy',
      industry: null,
      name: 'Ignored: not an update field',
    },
  });
  assert.equal(res.statusCode, 200, res.body);
  const { created, result } = res.json();
  assert.equal(created, true);
  assert.equal(result.tradingName, 'Acme Outlet');
  assert.deepEqual(result.tradingAddress, {
    addressLine1: '2 Market Row',
    city: 'Leeds',
    zipCode: 'LS1 1AA',
  });
  assert.equal(result.publicEmail, 'hello@acme.example');
  assert.equal(result.supportPhone, '+44 113 496 0000');
  assert.equal(result.privacyPolicy, 'https://acme.example/privacy');
  assert.equal(result.industry, null);
  assert.equal(result.taxNumber, 'GB123456789', 'untouched');
  assert.equal(result.name, 'Acme Widgets Ltd', 'unknown fields are ignored');
  assert.equal(result.status, 'pending_verification');

  const got = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${company.id}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(got.json().data.tradingName, 'Acme Outlet');
});

test('disable answers {updated, result} banned, tells the partner, and the partner still reads and updates it', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createVerifiedCompany(app, partner);
  const before = (await partnerEvents(app, partner.id)).length;
  const res = await app.call({
    method: 'POST',
    url: `/partner/v1/companies/${company.id}/disable`,
    headers: partner.partnerHeaders,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().updated, true);
  assert.equal(res.json().result.status, 'banned');
  const events = (await partnerEvents(app, partner.id)).slice(before);
  assert.deepEqual(events, [
    {
      event_name: 'company_verification_status_update',
      merchantId: company.id,
      verifiedBy: null,
      status: 'banned',
    },
  ]);
  const got = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${company.id}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(got.json().data.status, 'banned');
  const updated = await app.call({
    method: 'PATCH',
    url: `/partner/v1/companies/${company.id}`,
    headers: partner.partnerHeaders,
    payload: { tradingName: 'Closed' },
  });
  assert.equal(updated.statusCode, 200);
  assert.equal(updated.json().result.status, 'banned');
});

test("a disabled company is re-enabled with the status its officers' verification gives", async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createVerifiedCompany(app, partner);
  const url = `/partner/v1/companies/${company.id}`;
  const banned = await app.call({
    method: 'PATCH',
    url,
    headers: partner.partnerHeaders,
    payload: { status: 'banned' },
  });
  assert.equal(banned.statusCode, 200, banned.body);
  assert.equal(banned.json().result.status, 'banned');
  const back = await app.call({
    method: 'PATCH',
    url,
    headers: partner.partnerHeaders,
    payload: { status: 'active' },
  });
  assert.equal(back.statusCode, 200, back.body);
  assert.equal(back.json().result.status, 'active');
  const events = await partnerEvents(app, partner.id);
  assert.deepEqual(
    events.slice(-2).map((e) => [e.event_name, e.status, e.verifiedBy]),
    [
      ['company_verification_status_update', 'banned', null],
      ['company_verification_status_update', 'active', null],
    ],
  );
});

test('companies made by the operator are active with verified officers', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const res = await app.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: { authorization: 'Bearer test-admin-token-0123456789' },
    payload: partnerCompanyBody(),
  });
  assert.equal(res.statusCode, 201, res.body);
  const got = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${res.json().result.id}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(got.json().data.status, 'active');
  assert.deepEqual(
    got.json().data.officers.map((o: { status: string }) => o.status),
    ['active'],
  );
});
