import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { adminHeaders, companyBody, createPartner } from '../../helpers/fixtures.js';

test('operator issues a partner: id, name and an apisecret shown once; a webhook URL gets a secret', async (t) => {
  const app = await buildTestApp(t);
  const res = await app.call({
    method: 'POST',
    url: '/admin/v1/partners',
    headers: adminHeaders,
    payload: { name: 'Acme Payments', webhookUrl: 'https://acme.example/hooks' },
  });
  assert.equal(res.statusCode, 201);
  const body = res.json();
  assert.match(body.id, /^[0-9a-f]{24}$/);
  assert.equal(body.name, 'Acme Payments');
  assert.match(body.apisecret, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.match(body.webhookSecret, /^whsec_/);
  const got = await app.call({ method: 'GET', url: `/admin/v1/partners/${body.id}`, headers: adminHeaders });
  assert.deepEqual(Object.keys(got.json().data).sort(), ['createdAt', 'id', 'name', 'webhookUrl']);
  const list = await app.call({ method: 'GET', url: '/admin/v1/partners', headers: adminHeaders });
  assert.equal(list.json().data.length, 1);
});

test('API keys rotate: a new key works beside the old one until the old one is revoked', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const { authenticatePartner } = await import('../../../src/domain/partners/partner.service.js');
  const created = await app.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/api-keys`,
    headers: adminHeaders,
  });
  assert.equal(created.statusCode, 201);
  const { apisecret } = created.json();
  const old = await authenticatePartner(app.deps, partner.apisecret);
  assert.ok(old);
  assert.equal((await authenticatePartner(app.deps, apisecret))?.partnerId, partner.id);
  const revoked = await app.call({
    method: 'DELETE',
    url: `/admin/v1/partners/${partner.id}/api-keys/${old.keyId}`,
    headers: adminHeaders,
  });
  assert.deepEqual(revoked.json(), { deleted: true });
  assert.equal(await authenticatePartner(app.deps, partner.apisecret), undefined);
  assert.ok(await authenticatePartner(app.deps, apisecret));
  const again = await app.call({
    method: 'DELETE',
    url: `/admin/v1/partners/${partner.id}/api-keys/${old.keyId}`,
    headers: adminHeaders,
  });
  assert.equal(again.statusCode, 404);
});

test('operator adds a company for a partner: default status active, or as given', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const res = await app.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: adminHeaders,
    payload: companyBody(),
  });
  assert.equal(res.statusCode, 201);
  assert.equal(res.json().created, true);
  assert.equal(res.json().result.status, 'active');
  assert.equal(res.json().result.name, 'Acme Widgets Ltd');
  const pending = await app.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/companies`,
    headers: adminHeaders,
    payload: companyBody({ status: 'pending_verification' }),
  });
  assert.equal(pending.json().result.status, 'pending_verification');
});

test('operator routes: 401 without the bearer token, 400 for bad bodies, 404 for unknown partners', async (t) => {
  const app = await buildTestApp(t);
  for (const headers of [
    {},
    { authorization: 'Bearer wrong-token-wrong-token' },
    { authorization: 'Basic abc' },
  ]) {
    const res = await app.call({
      method: 'POST',
      url: '/admin/v1/partners',
      headers,
      payload: { name: 'x' },
    });
    assert.equal(res.statusCode, 401);
  }
  const partner = await createPartner(app);
  // A partner's own credentials are not the operator's.
  const asPartner = await app.call({
    method: 'GET',
    url: '/admin/v1/partners',
    headers: { authorization: `Bearer ${partner.apisecret}` },
  });
  assert.equal(asPartner.statusCode, 401);
  for (const payload of [{}, { name: '' }, { name: 'x', webhookUrl: 'nope' }]) {
    const res = await app.call({ method: 'POST', url: '/admin/v1/partners', headers: adminHeaders, payload });
    assert.equal(res.statusCode, 400, JSON.stringify(payload));
  }
  const unknown = 'dddddddddddddddddddddddd';
  for (const [method, url, payload] of [
    ['GET', `/admin/v1/partners/${unknown}`, undefined],
    ['POST', `/admin/v1/partners/${unknown}/terminals`, { name: 't' }],
    ['POST', `/admin/v1/partners/${unknown}/api-keys`, undefined],
    ['POST', `/admin/v1/partners/${unknown}/companies`, companyBody()],
    ['GET', '/admin/v1/partners/not-an-id', undefined],
  ] as const) {
    const res = await app.call({ method, url, headers: adminHeaders, payload });
    assert.equal(res.statusCode, 404, url);
  }
});

test('company create body rules are 400s naming the field', async (t) => {
  const app = await buildTestApp(t);
  const partner = await createPartner(app);
  const cases: Array<[Record<string, unknown>, string]> = [
    [companyBody({ identifier: '1234567' }), '/identifier'],
    [companyBody({ identifier: '12345678901' }), '/identifier'],
    [companyBody({ type: 'partnership' }), '/type'],
    [companyBody({ address: undefined }), '/address'],
    [companyBody({ publicEmail: 'not-an-email' }), '/publicEmail'],
    [companyBody({ supportPhone: undefined }), '/supportPhone'],
    [companyBody({ contactName: undefined }), '/contactName'],
    [companyBody({ countryCode: 'GBR' }), '/countryCode'],
    [companyBody({ status: 'sleeping' }), '/status'],
    [companyBody({ name: undefined }), '/name'],
  ];
  for (const [payload, field] of cases) {
    const res = await app.call({
      method: 'POST',
      url: `/admin/v1/partners/${partner.id}/companies`,
      headers: adminHeaders,
      payload,
    });
    assert.equal(res.statusCode, 400, field);
    assert.ok(
      res.json().errors.some((e: { field: string }) => e.field === field || e.field.startsWith(`${field}/`)),
      `${field}: ${JSON.stringify(res.json().errors)}`,
    );
  }
});

test('first start with an empty database and no ADMIN_TOKEN generates a token once', async (t) => {
  const app = await buildTestApp(t, { ADMIN_TOKEN: '' });
  const { ensureAdminToken, isAdminToken } = await import('../../../src/domain/partners/admin-token.js');
  const token = await ensureAdminToken(app.deps);
  assert.ok(token && token.length >= 32);
  assert.equal(await ensureAdminToken(app.deps), undefined, 'only once');
  assert.equal(await isAdminToken(app.deps, token), true);
  const rows = await app.deps.db.selectFrom('admin_tokens').selectAll().execute();
  assert.equal(rows.length, 1);
  assert.notEqual(rows[0]!.token_hash, token);
  const res = await app.call({
    method: 'GET',
    url: '/admin/v1/partners',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.statusCode, 200);
});
