import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { integrationBody, tenant } from '../../helpers/fixtures.js';

test('the same Idempotency-Key twice creates one integration and replays the first answer', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const url = `/terminal/v1/companies/${company.id}/integrations`;
  const headers = { ...partner.terminalHeaders, 'idempotency-key': 'create-shop-1' };
  const first = await app.call({ method: 'POST', url, headers, payload: integrationBody() });
  const second = await app.call({ method: 'POST', url, headers, payload: integrationBody() });
  assert.equal(first.statusCode, 201);
  assert.equal(second.statusCode, 201);
  assert.equal(second.headers['idempotent-replayed'], 'true');
  assert.equal(first.headers['idempotent-replayed'], undefined);
  // The integration's secrets are shown once: the replay masks them (API.md 1.2).
  const { secretKey, webhookSecret, ...rest } = first.json().result;
  assert.deepEqual(second.json(), {
    created: true,
    result: { ...rest, secretKey: '********', webhookSecret: '********' },
  });
  assert.notEqual(secretKey, '********');
  assert.notEqual(webhookSecret, '********');
  const list = await app.call({ method: 'GET', url, headers: partner.terminalHeaders });
  assert.equal(list.json().data.totalDocs, 1);
});

test('the same key with another body is a 422 and creates nothing more', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const url = `/terminal/v1/companies/${company.id}/integrations`;
  const headers = { ...partner.terminalHeaders, 'idempotency-key': 'k1' };
  await app.call({ method: 'POST', url, headers, payload: integrationBody() });
  const other = await app.call({ method: 'POST', url, headers, payload: integrationBody({ name: 'Other' }) });
  assert.equal(other.statusCode, 422);
  assert.equal(other.json().code, 'idempotency_key_reused');
  const list = await app.call({ method: 'GET', url, headers: partner.terminalHeaders });
  assert.equal(list.json().data.totalDocs, 1);
});

test('keys are per credential: another partner may use the same key', async (t) => {
  const app = await buildTestApp(t);
  const a = await tenant(app, 'A');
  const b = await tenant(app, 'B');
  for (const { partner, company } of [a, b]) {
    const res = await app.call({
      method: 'POST',
      url: `/terminal/v1/companies/${company.id}/integrations`,
      headers: { ...partner.terminalHeaders, 'idempotency-key': 'same' },
      payload: integrationBody(),
    });
    assert.equal(res.statusCode, 201);
    assert.equal(res.headers['idempotent-replayed'], undefined);
  }
});

test('repeats sent together run once: each is the first answer, its replay, or a 409 while it runs', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const url = `/terminal/v1/companies/${company.id}/integrations`;
  const headers = { ...partner.terminalHeaders, 'idempotency-key': 'slow' };
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => app.call({ method: 'POST', url, headers, payload: integrationBody() })),
  );
  const firsts = answers.filter(
    (a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined,
  );
  assert.equal(firsts.length, 1);
  for (const answer of answers) {
    if (answer.statusCode === 409) assert.equal(answer.json().code, 'idempotency_conflict');
    else assert.equal(answer.json().result.id, firsts[0]?.json().result.id);
  }
  const later = await app.call({ method: 'POST', url, headers, payload: integrationBody() });
  assert.equal(later.statusCode, 201);
  assert.equal(later.headers['idempotent-replayed'], 'true');
  const list = await app.call({ method: 'GET', url, headers: partner.terminalHeaders });
  assert.equal(list.json().data.totalDocs, 1);
});

test('a malformed Idempotency-Key is a 400; keys expire after 24 hours', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const url = `/terminal/v1/companies/${company.id}/integrations`;
  const bad = await app.call({
    method: 'POST',
    url,
    headers: { ...partner.terminalHeaders, 'idempotency-key': 'x'.repeat(256) },
    payload: integrationBody(),
  });
  assert.equal(bad.statusCode, 400);
  const headers = { ...partner.terminalHeaders, 'idempotency-key': 'daily' };
  await app.call({ method: 'POST', url, headers, payload: integrationBody() });
  app.clock.advance(24 * 3600 * 1000 + 1000);
  const fresh = await app.call({ method: 'POST', url, headers, payload: integrationBody() });
  assert.equal(fresh.statusCode, 201);
  assert.equal(fresh.headers['idempotent-replayed'], undefined);
  const list = await app.call({ method: 'GET', url, headers: partner.terminalHeaders });
  assert.equal(list.json().data.totalDocs, 2);
});
