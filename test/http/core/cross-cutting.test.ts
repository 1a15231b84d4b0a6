import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { tenant } from '../../helpers/fixtures.js';

test('every response carries a request id and security headers; errors carry the same id', async (t) => {
  const app = await buildTestApp(t);
  const res = await app.call({ method: 'GET', url: '/no/such/route' });
  assert.equal(res.statusCode, 404);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.equal(res.json().requestId, res.headers['x-request-id']);
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  assert.ok(res.headers['content-security-policy']); // HSTS only over https: security-headers.test.ts
  const ok = await app.call({ method: 'GET', url: '/health/live' });
  assert.match(String(ok.headers['x-request-id']), /^[0-9a-f-]{36}$/);
});

test('health, readiness and metrics answer', async (t) => {
  const app = await buildTestApp(t);
  assert.deepEqual((await app.call({ method: 'GET', url: '/health/live' })).json(), { status: 'ok' });
  assert.deepEqual((await app.call({ method: 'GET', url: '/health/ready' })).json(), { status: 'ok' });
  assert.deepEqual((await app.call({ method: 'GET', url: '/health/live' })).json(), { status: 'ok' });
  assert.equal((await app.call({ method: 'GET', url: '/merchant/v1/payments/x' })).statusCode, 401);
  const metrics = await app.call({ method: 'GET', url: '/metrics' });
  assert.equal(metrics.statusCode, 200);
  // The value of one series in the text the metrics route gave.
  const valueIn = (body: string, series: string) =>
    new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(body)?.[1];
  const line = (series: string) => valueIn(metrics.body, series);
  // Each request counted once by route and status, read as often as the metrics are.
  assert.equal(line('paybank_http_requests_total{method="GET",route="/health/live",status="200"}'), '2');
  assert.equal(line('paybank_http_requests_total{method="GET",route="/health/ready",status="200"}'), '1');
  assert.equal(
    line('paybank_http_requests_total{method="GET",route="/merchant/v1/payments/:id",status="401"}'),
    '1',
  );
  assert.equal(line('paybank_http_request_duration_seconds_count{method="GET",route="/health/live"}'), '2');
  assert.match(metrics.body, /process_resident_memory_bytes/);
  const again = await app.call({ method: 'GET', url: '/metrics' });
  assert.equal(
    valueIn(again.body, 'paybank_http_requests_total{method="GET",route="/health/live",status="200"}'),
    '2',
  );
  assert.equal(
    valueIn(again.body, 'paybank_http_requests_total{method="GET",route="/metrics",status="200"}'),
    '1',
  );
});

test('readiness fails with a 503 when the database is gone', async (t) => {
  const app = await buildTestApp(t);
  await app.deps.store.close();
  const res = await app.call({ method: 'GET', url: '/health/ready' });
  assert.equal(res.statusCode, 503);
  assert.equal(res.json().code, 'service_unavailable');
});

test('each group answers its Api-Version', async (t) => {
  const app = await buildTestApp(t);
  const { partner, company } = await tenant(app);
  const c = await app.call({
    method: 'GET',
    url: `/terminal/v1/companies/${company.id}/integrations`,
    headers: partner.terminalHeaders,
  });
  assert.equal(c.headers['api-version'], '1.0');
});

test('over the per-credential rate limit: 429 with Retry-After, other credentials unaffected', async (t) => {
  const app = await buildTestApp(t, { RATE_LIMIT_PER_MINUTE: '3' });
  const a = await tenant(app, 'A');
  const b = await tenant(app, 'B');
  const get = (x: typeof a) =>
    app.call({
      method: 'GET',
      url: `/terminal/v1/companies/${x.company.id}/integrations`,
      headers: x.partner.terminalHeaders,
    });
  for (let i = 0; i < 3; i++) assert.equal((await get(a)).statusCode, 200);
  const limited = await get(a);
  assert.equal(limited.statusCode, 429);
  assert.equal(limited.json().code, 'rate_limited');
  assert.ok(limited.headers['retry-after']);
  assert.equal((await get(b)).statusCode, 200);
});
