import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createIntegration, integrationBody, tenant } from '../../helpers/fixtures.js';

const MISSING_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

function assertProblem(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => any },
  status: number,
  code: string,
) {
  assert.equal(res.statusCode, status);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const body = res.json();
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(typeof body.requestId, 'string');
  assert.equal(body.stack, undefined);
  return body;
}

test('create integration: each IntegrationWrite rule is a 400 naming the field, and nothing is created', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const url = `/terminal/v1/companies/${company.id}/integrations`;
  const cases: Array<[Record<string, unknown>, string]> = [
    [integrationBody({ name: undefined }), '/name'],
    [integrationBody({ name: '' }), '/name'],
    [integrationBody({ webhookUrl: undefined }), '/webhookUrl'],
    [integrationBody({ webhookUrl: 'not a url' }), '/webhookUrl'],
    [integrationBody({ webhookUrl: 'ftp://shop.example/hook' }), '/webhookUrl'],
    [integrationBody({ webhookUrl: '/relative/hook' }), '/webhookUrl'],
    [integrationBody({ redirectUrl: undefined }), '/redirectUrl'],
    [integrationBody({ redirectUrl: 'javascript:alert(1)' }), '/redirectUrl'],
    [integrationBody({ servicePaymentPageRedirectEnabled: undefined }), '/servicePaymentPageRedirectEnabled'],
    [integrationBody({ servicePaymentPageRedirectEnabled: 'true' }), '/servicePaymentPageRedirectEnabled'],
    [integrationBody({ isRetryWebhookEnabled: 1 }), '/isRetryWebhookEnabled'],
  ];
  for (const [payload, field] of cases) {
    const res = await app.call({ method: 'POST', url, headers: partner.terminalHeaders, payload });
    const body = assertProblem(res, 400, 'validation_failed');
    assert.ok(
      body.errors.some((e: { field: string }) => e.field === field),
      `${JSON.stringify(payload)} -> ${JSON.stringify(body.errors)}`,
    );
  }
  const list = await app.call({ method: 'GET', url, headers: partner.terminalHeaders });
  assert.equal(list.json().data.totalDocs, 0);
});

test('every failing field is listed at once', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const res = await app.call({
    method: 'POST',
    url: `/terminal/v1/companies/${company.id}/integrations`,
    headers: partner.terminalHeaders,
    payload: {},
  });
  const body = assertProblem(res, 400, 'validation_failed');
  const fields = body.errors.map((e: { field: string }) => e.field).sort();
  assert.deepEqual(fields, ['/name', '/redirectUrl', '/servicePaymentPageRedirectEnabled', '/webhookUrl']);
});

test('unknown body fields are ignored and never stored', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id, {
    secretKey: 'mine',
    isSandbox: true,
    evil: 1,
  });
  const row = await app.deps.db
    .selectFrom('integrations')
    .selectAll()
    .where('id', '=', integration.id)
    .executeTakeFirstOrThrow();
  assert.equal(row.is_sandbox, 0);
  assert.notEqual(integration.secretKey, 'mine');
});

test('paging rules: page >= 1, limit 1..100, whole numbers', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  for (const query of ['page=0', 'limit=0', 'limit=101', 'page=abc', 'limit=2.5', 'page=-1']) {
    const res = await app.call({
      method: 'GET',
      url: `/terminal/v1/companies/${company.id}/integrations?${query}`,
      headers: partner.terminalHeaders,
    });
    assertProblem(res, 400, 'validation_failed');
  }
});

test('404 for an unknown, a deleted, and a malformed integration id', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id);
  const base = `/terminal/v1/companies/${company.id}/integrations`;
  await app.call({ method: 'DELETE', url: `${base}/${integration.id}`, headers: partner.terminalHeaders });
  for (const id of [MISSING_ID, integration.id, 'not-an-id', '123']) {
    for (const [method, suffix, payload] of [
      ['GET', '', undefined],
      ['PUT', '', integrationBody()],
      ['DELETE', '', undefined],
      ['POST', '/secret-key', undefined],
      ['PUT', '/bank-account', { bankAccount: MISSING_ID }],
    ] as const) {
      const res = await app.call({
        method,
        url: `${base}/${id}${suffix}`,
        headers: partner.terminalHeaders,
        payload,
      });
      assertProblem(res, 404, 'not_found');
    }
  }
});

test('attaching an unknown bank account is a 404', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id);
  const res = await app.call({
    method: 'PUT',
    url: `/terminal/v1/companies/${company.id}/integrations/${integration.id}/bank-account`,
    headers: partner.terminalHeaders,
    payload: { bankAccount: MISSING_ID },
  });
  assertProblem(res, 404, 'not_found');
});

test('malformed JSON, a wrong content type and an oversized body are refused with problem+json', async (t) => {
  const app = await buildTestApp(t, { MAX_BODY_BYTES: '2048' });
  const { partner, company } = await tenant(app);
  const url = `/terminal/v1/companies/${company.id}/integrations`;
  const headers = { ...partner.terminalHeaders, 'content-type': 'application/json' };
  assertProblem(
    await app.call({ method: 'POST', url, headers, payload: '{"name": "x",' }),
    400,
    'malformed_json',
  );
  assertProblem(await app.call({ method: 'POST', url, headers, payload: '' }), 400, 'malformed_json');
  assertProblem(
    await app.call({
      method: 'POST',
      url,
      headers: { ...partner.terminalHeaders, 'content-type': 'application/xml' },
      payload: '<a/>',
    }),
    415,
    'unsupported_media_type',
  );
  assertProblem(
    await app.call({
      method: 'POST',
      url,
      headers,
      payload: JSON.stringify(integrationBody({ name: 'x'.repeat(4000) })),
    }),
    413,
    'payload_too_large',
  );
  assertProblem(
    await app.call({ method: 'POST', url, headers, payload: '[1,2,3]' }),
    400,
    'validation_failed',
  );
  assertProblem(await app.call({ method: 'POST', url, headers, payload: 'null' }), 400, 'validation_failed');
  const list = await app.call({ method: 'GET', url, headers: partner.terminalHeaders });
  assert.equal(list.json().data.totalDocs, 0);
});
