import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { createCompany, createIntegration, integrationBody, tenant } from '../../helpers/fixtures.js';

const MADE_UP_COMPANY = 'bbbbbbbbbbbbbbbbbbbbbbbb';

test('401 for missing, malformed and wrong terminal credentials, on every operation', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id);
  const base = `/terminal/v1/companies/${company.id}/integrations`;
  const good = partner.terminalHeaders;
  const badHeaders: Array<Record<string, string>> = [
    {},
    { 'terminal-id': good['terminal-id']! },
    { 'terminal-secret': good['terminal-secret']! },
    { ...good, 'terminal-secret': 'not-a-uuid' },
    { ...good, 'terminal-secret': '00000000-0000-4000-8000-000000000000' },
    { ...good, 'terminal-id': 'cccccccccccccccccccccccc' },
    { ...good, 'terminal-id': 'zzz' },
  ];
  const operations = [
    ['POST', base, integrationBody()],
    ['GET', base, undefined],
    ['GET', `${base}/${integration.id}`, undefined],
    ['PUT', `${base}/${integration.id}`, integrationBody()],
    ['DELETE', `${base}/${integration.id}`, undefined],
    ['POST', `${base}/${integration.id}/secret-key`, undefined],
  ] as const;
  for (const headers of badHeaders) {
    for (const [method, url, payload] of operations) {
      const res = await app.call({ method, url, headers, payload });
      assert.equal(res.statusCode, 401, `${method} ${url} ${JSON.stringify(headers)}`);
      assert.equal(res.json().code, 'unauthorized');
    }
  }
  // Nothing happened: the integration still exists with its old secret.
  const got = await app.call({ method: 'GET', url: `${base}/${integration.id}`, headers: good });
  assert.equal(got.statusCode, 200);
});

test("403 for another partner's company and for a made-up companyId; existence never leaks", async (t) => {
  const app = await buildTestApp(t);
  const mine = await tenant(app, 'Mine');
  const theirs = await tenant(app, 'Theirs');
  const theirIntegration = await createIntegration(app, theirs.partner, theirs.company.id);
  for (const companyId of [theirs.company.id, MADE_UP_COMPANY]) {
    const base = `/terminal/v1/companies/${companyId}/integrations`;
    for (const [method, url, payload] of [
      ['POST', base, integrationBody()],
      ['GET', base, undefined],
      ['GET', `${base}/${theirIntegration.id}`, undefined],
      ['PUT', `${base}/${theirIntegration.id}`, integrationBody({ name: 'hijacked' })],
      ['DELETE', `${base}/${theirIntegration.id}`, undefined],
      ['POST', `${base}/${theirIntegration.id}/secret-key`, undefined],
    ] as const) {
      const res = await app.call({ method, url, headers: mine.partner.terminalHeaders, payload });
      assert.equal(res.statusCode, 403, `${method} ${url}`);
      assert.equal(res.json().code, 'forbidden');
    }
  }
  const still = await app.call({
    method: 'GET',
    url: `/terminal/v1/companies/${theirs.company.id}/integrations/${theirIntegration.id}`,
    headers: theirs.partner.terminalHeaders,
  });
  assert.equal(still.json().data.name, 'Web shop');
});

test("an integration of another company of the same partner is a 404 through this company's path", async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const other = await createCompany(app, partner, { name: 'Second Co' });
  const integration = await createIntegration(app, partner, other.id);
  const res = await app.call({
    method: 'GET',
    url: `/terminal/v1/companies/${company.id}/integrations/${integration.id}`,
    headers: partner.terminalHeaders,
  });
  assert.equal(res.statusCode, 404);
});

test('a banned company is closed to its terminal: 403', async (t) => {
  const app = await buildTestApp(t);
  const { partner } = await tenant(app);
  const banned = await createCompany(app, partner, { status: 'banned' });
  const res = await app.call({
    method: 'GET',
    url: `/terminal/v1/companies/${banned.id}/integrations`,
    headers: partner.terminalHeaders,
  });
  assert.equal(res.statusCode, 403);
});

test('a deleted integration and a rotated secret stop working at once', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const a = await createIntegration(app, partner, company.id);
  const b = await createIntegration(app, partner, company.id);
  const { authenticateIntegration } = await import('../../../src/domain/integrations/integration.service.js');
  assert.ok(await authenticateIntegration(app.deps, a.id, a.secretKey));
  await app.call({
    method: 'DELETE',
    url: `/terminal/v1/companies/${company.id}/integrations/${a.id}`,
    headers: partner.terminalHeaders,
  });
  assert.equal(await authenticateIntegration(app.deps, a.id, a.secretKey), undefined);

  const rotated = await app.call({
    method: 'POST',
    url: `/terminal/v1/companies/${company.id}/integrations/${b.id}/secret-key`,
    headers: partner.terminalHeaders,
  });
  const newKey = rotated.json().data.secretKey;
  assert.equal(await authenticateIntegration(app.deps, b.id, b.secretKey), undefined);
  assert.ok(await authenticateIntegration(app.deps, b.id, newKey));
});

test('secrets are stored only as SHA-256 hashes', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const integration = await createIntegration(app, partner, company.id);
  const dump = JSON.stringify([
    await app.deps.db.selectFrom('integrations').selectAll().execute(),
    await app.deps.db.selectFrom('terminals').selectAll().execute(),
    await app.deps.db.selectFrom('partner_api_keys').selectAll().execute(),
  ]);
  assert.ok(!dump.includes(integration.secretKey));
  assert.ok(!dump.includes(partner.terminalHeaders['terminal-secret']!));
  assert.ok(!dump.includes(partner.apisecret));
});
