// Issue 12 item 4: an answer that issues a credential is kept for Idempotency-Key replays without the
// credential; a replay shows it masked (API.md 1.2).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { adminHeaders, integrationBody } from '../../helpers/fixtures.js';
import { merchant } from '../../helpers/merchant.js';

const SECRET_FIELDS = new Set(['apisecret', 'terminalSecret', 'secretKey', 'webhookSecret']);

/** Every value of a secret field, wherever it sits in an answer. */
function secretsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) secretsIn(item, out);
  else if (value && typeof value === 'object') {
    for (const [field, inner] of Object.entries(value)) {
      if (SECRET_FIELDS.has(field) && typeof inner === 'string') out.push(inner);
      else secretsIn(inner, out);
    }
  }
  return out;
}

/** Each credential-issuing call with a key, then its repeat. */
async function issueTwice(app: TestApp) {
  const { partner, companyId, bankAccountId, integrationId } = await merchant(app);
  const company = { id: companyId };
  const integration = { id: integrationId };
  const calls = [
    {
      method: 'POST',
      url: '/admin/v1/partners',
      headers: adminHeaders,
      payload: { name: 'P', webhookUrl: 'https://p.example/h' },
    },
    {
      method: 'POST',
      url: `/admin/v1/partners/${partner.id}/terminals`,
      headers: adminHeaders,
      payload: { name: 'T' },
    },
    { method: 'POST', url: `/admin/v1/partners/${partner.id}/api-keys`, headers: adminHeaders },
    {
      method: 'POST',
      url: `/terminal/v1/companies/${company.id}/integrations`,
      headers: partner.terminalHeaders,
      payload: integrationBody(),
    },
    {
      method: 'POST',
      url: `/partner/v1/companies/${company.id}/integrations`,
      headers: partner.partnerHeaders,
      payload: integrationBody({ bankAccount: bankAccountId }),
    },
    {
      method: 'POST',
      url: `/terminal/v1/companies/${company.id}/integrations/${integration.id}/secret-key`,
      headers: partner.terminalHeaders,
    },
    {
      method: 'PUT',
      url: `/terminal/v1/companies/${company.id}/integrations/${integration.id}`,
      headers: partner.terminalHeaders,
      payload: integrationBody({ webhookUrl: 'https://shop.example/new' }),
    },
    {
      method: 'PUT',
      url: '/partner/v1/settings',
      headers: partner.partnerHeaders,
      payload: { webhookUrl: 'https://partner.example/hooks' },
    },
  ] as const;
  const out = [];
  for (const [i, call] of calls.entries()) {
    const headers = { ...call.headers, 'idempotency-key': `issue-${i}` };
    const first = await app.call({ ...call, headers });
    const again = await app.call({ ...call, headers });
    out.push({ url: call.url, first, again });
  }
  return out;
}

test('no issued secret is kept in idempotency_keys, and a replay shows it masked', async (t) => {
  const app = await buildTestApp(t);
  const issued: string[] = [];
  for (const { url, first, again } of await issueTwice(app)) {
    assert.ok(first.statusCode < 300, `${url}: ${first.body}`);
    const secrets = secretsIn(first.json());
    assert.ok(secrets.length > 0, `${url} issues a secret`);
    issued.push(...secrets);
    assert.equal(again.statusCode, first.statusCode, url);
    assert.equal(again.headers['idempotent-replayed'], 'true', url);
    assert.deepEqual(new Set(secretsIn(again.json())), new Set(['********']), `${url} replays masked`);
  }
  const stored = await app.deps.db.selectFrom('idempotency_keys').select('response_body').execute();
  assert.ok(stored.length >= 8);
  for (const { response_body } of stored) {
    for (const secret of issued)
      assert.ok(!response_body?.includes(secret), `a secret kept: ${response_body}`);
  }
});
