import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { adminHeaders, integrationBody, tenant } from '../../helpers/fixtures.js';

test('bad settings are a 400 naming the field', async (t) => {
  const app = await buildTestApp(t);
  const { partner } = await tenant(app);
  for (const [payload, field] of [
    [{ webhookUrl: 'not a url' }, '/webhookUrl'],
    [{ webhookUrl: 'ftp://partner.example/x' }, '/webhookUrl'],
    [{ webhookUrl: 42 }, '/webhookUrl'],
    [{ email: { fromAddress: 'nobody' } }, '/email/fromAddress'],
    [{ email: { replyTo: 'a@b.example\r\nBcc: victim@x.example' } }, '/email/replyTo'],
  ] as const) {
    const res = await app.call({
      method: 'PUT',
      url: '/partner/v1/settings',
      headers: partner.partnerHeaders,
      payload,
    });
    assert.equal(res.statusCode, 400, JSON.stringify(payload));
    assert.equal(res.json().code, 'validation_failed');
    assert.ok(
      res.json().errors.some((e: { field: string }) => e.field === field),
      `${JSON.stringify(payload)}: ${res.body}`,
    );
  }
});

test('without credentials or with a wrong apisecret: 401', async (t) => {
  const app = await buildTestApp(t);
  for (const headers of [{}, { apisecret: '2b1e4f1c-7a9d-4c1e-9f55-1d6c2a0b9e11' }, { apisecret: 'x' }]) {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await app.call({
        method,
        url: '/partner/v1/settings',
        headers,
        payload: method === 'PUT' ? {} : undefined,
      });
      assert.equal(res.statusCode, 401);
    }
  }
});

test('with private targets not allowed, URLs reaching loopback, private or metadata addresses are refused everywhere they are set', async (t) => {
  const app = await buildTestApp(t, { ALLOW_PRIVATE_WEBHOOKS: 'false' });
  const { partner, company } = await tenant(app);
  for (const webhookUrl of [
    'http://127.0.0.1:8080/hook',
    'https://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://localhost/hook',
  ]) {
    const settings = await app.call({
      method: 'PUT',
      url: '/partner/v1/settings',
      headers: partner.partnerHeaders,
      payload: { webhookUrl },
    });
    assert.equal(settings.statusCode, 400, webhookUrl);
    assert.match(settings.json().detail, /loopback, private/);
    const integration = await app.call({
      method: 'POST',
      url: `/terminal/v1/companies/${company.id}/integrations`,
      headers: partner.terminalHeaders,
      payload: integrationBody({ webhookUrl }),
    });
    assert.equal(integration.statusCode, 400, webhookUrl);
    const created = await app.call({
      method: 'POST',
      url: '/admin/v1/partners',
      headers: adminHeaders,
      payload: { name: 'P', webhookUrl },
    });
    assert.equal(created.statusCode, 400, webhookUrl);
  }
  const kept = await app.call({
    method: 'GET',
    url: '/partner/v1/settings',
    headers: partner.partnerHeaders,
  });
  assert.equal(kept.json().data.webhookUrl, null);
});
