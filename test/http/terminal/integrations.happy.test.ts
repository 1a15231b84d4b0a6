import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createIntegration, integrationBody, tenant } from '../../helpers/fixtures.js';

test('create integration answers 201 with the secrets once, then get and list show it', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const res = await app.call({
    method: 'POST',
    url: `/terminal/v1/companies/${company.id}/integrations`,
    headers: partner.terminalHeaders,
    payload: integrationBody({ name: 'Shop', isRetryWebhookEnabled: true }),
  });
  assert.equal(res.statusCode, 201);
  assert.equal(res.headers['api-version'], '1.0');
  const { created, result } = res.json();
  assert.equal(created, true);
  assert.match(result.id, /^[0-9a-f]{24}$/);
  assert.equal(result.name, 'Shop');
  assert.equal(result.servicePaymentPageRedirectEnabled, true);
  assert.equal(result.isRetryWebhookEnabled, true);
  assert.match(result.secretKey, /^[0-9a-f-]{36}$/);
  assert.match(result.webhookSecret, /^whsec_[A-Za-z0-9+/]{32}$/);

  const got = await app.call({
    method: 'GET',
    url: `/terminal/v1/companies/${company.id}/integrations/${result.id}`,
    headers: partner.terminalHeaders,
  });
  assert.equal(got.statusCode, 200);
  const data = got.json().data;
  assert.equal(data.id, result.id);
  assert.equal(data.secretKey, undefined, 'the secret is never shown again');
  assert.equal(data.webhookSecret, undefined);
  assert.equal(data.isRetryWebhookEnabled, true);
});

test('isRetryWebhookEnabled defaults to false', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id);
  assert.equal((integration as unknown as { isRetryWebhookEnabled: boolean }).isRetryWebhookEnabled, false);
});

test('list pages newest first with the B/C envelope', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    ids.push((await createIntegration(app, partner, company.id, { name: `Shop ${i}` })).id);
    app.clock.advance(1000);
  }
  const first = await app.call({
    method: 'GET',
    url: `/terminal/v1/companies/${company.id}/integrations?limit=2`,
    headers: partner.terminalHeaders,
  });
  assert.equal(first.statusCode, 200);
  assert.deepEqual(
    { ...first.json().data, docs: first.json().data.docs.map((d: { id: string }) => d.id) },
    { page: 1, totalDocs: 3, totalPages: 2, limit: 2, hasNextPage: true, docs: [ids[2], ids[1]] },
  );
  const second = await app.call({
    method: 'GET',
    url: `/terminal/v1/companies/${company.id}/integrations?page=2&limit=2`,
    headers: partner.terminalHeaders,
  });
  assert.equal(second.json().data.hasNextPage, false);
  assert.deepEqual(
    second.json().data.docs.map((d: { id: string }) => d.id),
    [ids[0]],
  );
  const defaults = await app.call({
    method: 'GET',
    url: `/terminal/v1/companies/${company.id}/integrations`,
    headers: partner.terminalHeaders,
  });
  assert.equal(defaults.json().data.limit, 25);
  assert.equal(defaults.json().data.page, 1);
});

test('edit answers the bare object; a new webhook URL gets a new secret, the same URL keeps it', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id);
  const url = `/terminal/v1/companies/${company.id}/integrations/${integration.id}`;
  const same = await app.call({
    method: 'PUT',
    url,
    headers: partner.terminalHeaders,
    payload: integrationBody({ name: 'Renamed', servicePaymentPageRedirectEnabled: false }),
  });
  assert.equal(same.statusCode, 200);
  assert.equal(same.json().name, 'Renamed');
  assert.equal(same.json().servicePaymentPageRedirectEnabled, false);
  assert.equal(same.json().webhookSecret, undefined);
  assert.equal(same.json().saved, undefined, 'no envelope');

  const moved = await app.call({
    method: 'PUT',
    url,
    headers: partner.terminalHeaders,
    payload: integrationBody({ webhookUrl: 'https://new.example/hook' }),
  });
  assert.equal(moved.statusCode, 200);
  assert.match(moved.json().webhookSecret, /^whsec_/);
  assert.notEqual(moved.json().webhookSecret, integration.webhookSecret);
});

test('delete answers {deleted: true} and the integration is gone', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id);
  const url = `/terminal/v1/companies/${company.id}/integrations/${integration.id}`;
  const res = await app.call({ method: 'DELETE', url, headers: partner.terminalHeaders });
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.json(), { deleted: true });
  const again = await app.call({ method: 'GET', url, headers: partner.terminalHeaders });
  assert.equal(again.statusCode, 404);
  const list = await app.call({
    method: 'GET',
    url: `/terminal/v1/companies/${company.id}/integrations`,
    headers: partner.terminalHeaders,
  });
  assert.equal(list.json().data.totalDocs, 0);
});

test('rotating the secret key answers a new one', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id);
  const res = await app.call({
    method: 'POST',
    url: `/terminal/v1/companies/${company.id}/integrations/${integration.id}/secret-key`,
    headers: partner.terminalHeaders,
  });
  assert.equal(res.statusCode, 200);
  assert.match(res.json().data.secretKey, /^[0-9a-f-]{36}$/);
  assert.notEqual(res.json().data.secretKey, integration.secretKey);
});
