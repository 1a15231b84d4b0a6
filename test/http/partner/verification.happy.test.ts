import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createPartner } from '../../helpers/fixtures.js';
import { createPartnerCompany, decideOfficer, partnerEvents } from '../../helpers/partner-companies.js';

const TWO_OFFICERS = {
  officers: [
    { name: 'Dana Director', email: 'dana@acme.example', role: 'director' },
    { name: 'Olu Owner', email: 'olu@acme.example', role: 'owner' },
  ],
};

test('officers pass one by one: started_verification, then active; each move is a spec 6.2 webhook', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner, TWO_OFFICERS);
  const [dana, olu] = company.officers;

  assert.deepEqual(await decideOfficer(app, company.id, dana!.id, 'pass'), {
    status: 'active',
    companyStatus: 'started_verification',
  });
  assert.deepEqual(await decideOfficer(app, company.id, olu!.id, 'pass'), {
    status: 'active',
    companyStatus: 'active',
  });
  const got = await app.call({
    method: 'GET',
    url: `/partner/v1/companies/${company.id}`,
    headers: partner.partnerHeaders,
  });
  assert.equal(got.json().data.status, 'active');
  assert.deepEqual(
    got.json().data.officers.map((o: { status: string }) => o.status),
    ['active', 'active'],
  );

  const officerEvent = (officerId: string, status: string) => ({
    event_name: 'officer_verification_status_update',
    merchantId: company.id,
    officerId,
    status,
  });
  const companyEvent = (status: string, verifiedBy: string) => ({
    event_name: 'company_verification_status_update',
    merchantId: company.id,
    verifiedBy,
    status,
  });
  assert.deepEqual(await partnerEvents(app, partner.id), [
    officerEvent(dana!.id, 'started_verification'),
    companyEvent('started_verification', dana!.id),
    officerEvent(dana!.id, 'active'),
    officerEvent(olu!.id, 'started_verification'),
    officerEvent(olu!.id, 'active'),
    companyEvent('active', olu!.id),
  ]);
});

test('a failed check makes the company rejected_with_retry_allowed; a retry that passes makes it active', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner);
  const [officer] = company.officers;
  assert.deepEqual(await decideOfficer(app, company.id, officer!.id, 'fail'), {
    status: 'rejected_with_retry_allowed',
    companyStatus: 'rejected_with_retry_allowed',
  });
  assert.deepEqual(await decideOfficer(app, company.id, officer!.id, 'pass'), {
    status: 'active',
    companyStatus: 'active',
  });
  const statuses = (await partnerEvents(app, partner.id))
    .filter((e) => e.event_name === 'company_verification_status_update')
    .map((e) => e.status);
  assert.deepEqual(statuses, [
    'started_verification',
    'rejected_with_retry_allowed',
    'started_verification',
    'active',
  ]);
});

test('the sandbox control: 404 for an unknown officer, 409 once passed or when the company is disabled', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner, TWO_OFFICERS);
  const [dana, olu] = company.officers;
  const control = (companyId: string, officerId: string, payload: unknown) =>
    app.call({
      method: 'POST',
      url: `/sandbox/v1/companies/${companyId}/officers/${officerId}/verification`,
      payload: payload as Record<string, unknown>,
    });
  assert.equal((await control(company.id, 'cccccccccccccccccccccccc', { outcome: 'pass' })).statusCode, 404);
  assert.equal((await control('cccccccccccccccccccccccc', dana!.id, { outcome: 'pass' })).statusCode, 404);
  assert.equal((await control(company.id, 'nope', { outcome: 'pass' })).statusCode, 404);
  const bad = await control(company.id, dana!.id, { outcome: 'maybe' });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().errors[0].field, '/outcome');

  await decideOfficer(app, company.id, dana!.id, 'pass');
  const twice = await control(company.id, dana!.id, { outcome: 'fail' });
  assert.equal(twice.statusCode, 409);
  assert.equal(twice.json().code, 'invalid_state');

  await app.call({
    method: 'POST',
    url: `/partner/v1/companies/${company.id}/disable`,
    headers: partner.partnerHeaders,
  });
  const closed = await control(company.id, olu!.id, { outcome: 'pass' });
  assert.equal(closed.statusCode, 409);
});

test('the sandbox control does not exist outside the sandbox', async (t) => {
  const app = await buildTestApp(t, { SANDBOX: 'false' });
  const partner = await createPartner(app);
  const company = await createPartnerCompany(app, partner);
  const res = await app.call({
    method: 'POST',
    url: `/sandbox/v1/companies/${company.id}/officers/${company.officers[0]!.id}/verification`,
    payload: { outcome: 'pass' },
  });
  assert.equal(res.statusCode, 404);
});
