// upgrade-insecure-requests and HSTS only when PUBLIC_URL is https (issue 12 item 18): on a plain-http
// host other than localhost they made the browser fetch /docs's assets over https, and the page was blank.
import assert from 'node:assert/strict';
import { test } from 'node:test';
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
