// upgrade-insecure-requests and HSTS only when PUBLIC_URL is https (issue 12 item 18): on a plain-http
// host other than localhost they made the browser fetch /docs's assets over https, and the page was blank.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { securityHeaders } from '../../../src/http/security-headers.js';
import { buildTestApp } from '../../helpers/app.js';

const DOCS_PATHS = ['/docs', '/docs/', '/openapi.json', '/health/live'];

test('over plain http: no upgrade-insecure-requests and no HSTS, on /docs and elsewhere', async (t) => {
  const app = await buildTestApp(t, { PUBLIC_URL: 'http://paybank.lan:8080' });
  for (const url of DOCS_PATHS) {
    const res = await app.call({ method: 'GET', url });
    assert.ok(res.statusCode < 400, `${url} ${res.statusCode}`);
    assert.ok(res.headers['content-security-policy'], `${url} has a CSP`);
    assert.doesNotMatch(String(res.headers['content-security-policy']), /upgrade-insecure-requests/, url);
    assert.equal(res.headers['strict-transport-security'], undefined, url);
  }
});

test('over https: upgrade-insecure-requests and HSTS are sent', async (t) => {
  const app = await buildTestApp(t, { PUBLIC_URL: 'https://pay.example.com' });
  for (const url of DOCS_PATHS) {
    const res = await app.call({ method: 'GET', url });
    assert.match(String(res.headers['content-security-policy']), /upgrade-insecure-requests/, url);
    assert.match(String(res.headers['strict-transport-security']), /max-age=\d+/, url);
  }
});

// The headers are computed once at start (issue 14) instead of by @fastify/helmet on every request:
// they must stay those helmet sends with the options paybank gave it.
async function helmetHeaders(https: boolean): Promise<Record<string, string>> {
  const app = Fastify();
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: https ? [] : null } },
    strictTransportSecurity: https,
  });
  app.get('/x', async () => ({ ok: true }));
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  const { 'content-type': _t, 'content-length': _l, date: _d, connection: _c, ...rest } = res.headers;
  return rest as Record<string, string>;
}

for (const https of [false, true]) {
  test(`the fixed headers are helmet's (${https ? 'https' : 'plain http'}), and every answer carries them`, async (t) => {
    const expected = await helmetHeaders(https);
    assert.deepEqual(securityHeaders(https), expected);
    const app = await buildTestApp(t, {
      PUBLIC_URL: https ? 'https://pay.example.com' : 'http://paybank.lan:8080',
    });
    for (const url of ['/health/live', '/merchant/v1/payments', '/no/such/route']) {
      const res = await app.call({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) {
        assert.equal(res.headers[name], value, `${url} ${name}`);
      }
    }
  });
}
