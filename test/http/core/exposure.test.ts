// What a default start exposes (issue 12 item 10): the sandbox, whose controls take no credentials,
// listens on loopback unless HOST says otherwise, and METRICS_TOKEN puts /metrics behind a bearer token.
import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { test } from 'node:test';
import { loadConfig } from '../../../src/config.js';
import { buildTestApp } from '../../helpers/app.js';
import { sharedDatabase, startServiceProcess } from '../../helpers/service-process.js';

test('with SANDBOX=true the service listens on 127.0.0.1 unless HOST is set', () => {
  assert.equal(loadConfig({ SANDBOX: 'true' }).host, '127.0.0.1');
  assert.equal(loadConfig({ SANDBOX: 'true', HOST: '0.0.0.0' }).host, '0.0.0.0');
  assert.equal(loadConfig({ SANDBOX: 'false' }).host, '0.0.0.0');
  assert.equal(loadConfig({}).host, '0.0.0.0');
});

test('a sandbox started without HOST says it listens on loopback only, and is not reached elsewhere', async (t) => {
  const db = await sharedDatabase(t);
  const service = await startServiceProcess(t, db, { SANDBOX: 'true', HOST: '' });
  assert.match(service.output(), /SANDBOX=true: listening on 127\.0\.0\.1 only/);
  const port = new URL(service.baseUrl).port;
  // Any address of this machine other than loopback must not answer.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
  if (external) {
    await assert.rejects(fetch(`http://${external.address}:${port}/health/live`), 'reached off loopback');
  }
  assert.equal(await service.kill('SIGTERM'), 0, service.output());
});

test('METRICS_TOKEN: /metrics answers 401 without the bearer token or with a wrong one', async (t) => {
  const token = 'metrics-token-0123456789abcdef';
  const app = await buildTestApp(t, { METRICS_TOKEN: token });
  const get = (authorization?: string) =>
    app.call({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
  for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${token}`, token]) {
    const res = await get(authorization);
    assert.equal(res.statusCode, 401, String(authorization));
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    assert.doesNotMatch(res.body, /paybank_http_requests_total/);
  }
  const ok = await get(`Bearer ${token}`);
  assert.equal(ok.statusCode, 200);
  assert.match(ok.body, /paybank_http_requests_total/);
});

test('METRICS_TOKEN shorter than 16 characters stops the start', () => {
  assert.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN/);
});
