// Operator rotation and revocation of terminal secrets (issue 12 item 7).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { adminHeaders, createPartner, tenant } from '../../helpers/fixtures.js';

const listIntegrations = (app: TestApp, companyId: string, headers: Record<string, string>) =>
  app.call({ method: 'GET', url: `/terminal/v1/companies/${companyId}/integrations`, headers });

test('rotating a terminal secret answers a new one once; the old one stops at once', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const terminalId = partner.terminalHeaders['terminal-id'] as string;
  const rotated = await app.call({
    method: 'POST',
    url: `/admin/v1/partners/${partner.id}/terminals/${terminalId}/secret`,
    headers: adminHeaders,
  });
  assert.equal(rotated.statusCode, 200, rotated.body);
  const { terminalSecret } = rotated.json();
  assert.equal(rotated.json().terminalId, terminalId);
  assert.match(terminalSecret, /^[0-9a-f-]{36}$/);
  assert.notEqual(terminalSecret, partner.terminalHeaders['terminal-secret']);

  assert.equal((await listIntegrations(app, company.id, partner.terminalHeaders)).statusCode, 401);
  const fresh = { 'terminal-id': terminalId, 'terminal-secret': terminalSecret };
  assert.equal((await listIntegrations(app, company.id, fresh)).statusCode, 200);
});

test('a revoked terminal answers 401 and can be neither rotated nor revoked again', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const terminalId = partner.terminalHeaders['terminal-id'] as string;
  const url = `/admin/v1/partners/${partner.id}/terminals/${terminalId}`;
  const revoked = await app.call({ method: 'DELETE', url, headers: adminHeaders });
  assert.equal(revoked.statusCode, 200, revoked.body);
  assert.deepEqual(revoked.json(), { deleted: true });
  const refused = await listIntegrations(app, company.id, partner.terminalHeaders);
  assert.equal(refused.statusCode, 401);
  assert.equal(refused.json().code, 'unauthorized');

  assert.equal((await app.call({ method: 'DELETE', url, headers: adminHeaders })).statusCode, 404);
  const rotate = await app.call({ method: 'POST', url: `${url}/secret`, headers: adminHeaders });
  assert.equal(rotate.statusCode, 404);
  assert.equal(rotate.json().code, 'not_found');
});

test('a terminal is reached only through its own partner, and only by the operator', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const other = await createPartner(app, 'Other partner');
  const terminalId = partner.terminalHeaders['terminal-id'] as string;
  for (const [method, suffix] of [
    ['POST', '/secret'],
    ['DELETE', ''],
  ] as const) {
    const foreign = await app.call({
      method,
      url: `/admin/v1/partners/${other.id}/terminals/${terminalId}${suffix}`,
      headers: adminHeaders,
    });
    assert.equal(foreign.statusCode, 404, `${method} through another partner`);
    const anonymous = await app.call({
      method,
      url: `/admin/v1/partners/${partner.id}/terminals/${terminalId}${suffix}`,
      headers: partner.terminalHeaders,
    });
    assert.equal(anonymous.statusCode, 401, `${method} without the operator token`);
    const malformed = await app.call({
      method,
      url: `/admin/v1/partners/${partner.id}/terminals/not-an-id${suffix}`,
      headers: adminHeaders,
    });
    assert.equal(malformed.statusCode, 404, `${method} with a malformed id`);
  }
  assert.equal((await listIntegrations(app, company.id, partner.terminalHeaders)).statusCode, 200);
});
