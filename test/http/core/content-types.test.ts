// Bodies only of the type a route declares, and problem+json for what is refused before a route runs
// (issue 12 item 12: a form-encoded body created a draft through the JSON API; a 414 was Fastify's JSON).
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { adminHeaders } from '../../helpers/fixtures.js';
import { buildListeningApp } from '../../helpers/listening-app.js';
import { merchant, paymentBody } from '../../helpers/merchant.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function assertProblem(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const body = JSON.parse(res.body);
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.ok(body.requestId);
}

test('a form-encoded body on a JSON route of every group is a 415 and creates nothing', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const form = new URLSearchParams(paymentBody() as Record<string, string>).toString();
  const calls = [
    { url: '/merchant/v1/payments', headers: m.headers },
    { url: '/merchant/v1/payments/process', headers: m.headers },
    { url: '/public/v1/payments/initiate', headers: {} },
    { url: '/admin/v1/partners', headers: adminHeaders },
    { url: `/terminal/v1/companies/${m.companyId}/integrations`, headers: m.partner.terminalHeaders },
    { url: '/partner/v1/companies', headers: m.partner.partnerHeaders },
    { url: '/sandbox/v1/clock/advance', headers: {} },
  ];
  for (const { url, headers } of calls) {
    const res = await app.call({
      method: 'POST',
      url,
      headers: { ...headers, ...FORM },
      payload: `${form}&name=x&days=1`,
    });
    assertProblem(res, 415, 'unsupported_media_type');
  }
  const multipart = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments',
    headers: { ...m.headers, 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x\r\nContent-Disposition: form-data; name="amount"\r\n\r\n1.00\r\n--x--\r\n',
  });
  assertProblem(multipart, 415, 'unsupported_media_type');
  const list = await app.call({ method: 'GET', url: '/merchant/v1/payments', headers: m.headers });
  assert.deepEqual(list.json(), []);
  const clock = await app.call({ method: 'GET', url: '/sandbox/v1/clock' });
  assert.ok(Math.abs(Date.parse(clock.json().now) - Date.now()) < 60_000, 'the clock did not move');
});

test('the hosted pages and the sandbox bank token endpoint still take their forms', async (t) => {
  const app = await buildTestApp(t);
  for (const url of ['/p?=unknown', '/rp?=unknown', '/rf?=unknown', '/sandbox-bank/token']) {
    const res = await app.call({
      method: 'POST',
      url,
      headers: FORM,
      payload: 'provider=ob-sandbox&grant_type=client_credentials',
    });
    assert.notEqual(res.statusCode, 415, `${url} ${res.body}`);
    assert.ok(res.statusCode < 500, `${url} ${res.statusCode}`);
  }
  // JSON keeps working on JSON routes, with or without a charset.
  const json = await app.call({
    method: 'POST',
    url: '/sandbox/v1/clock/advance',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    payload: '{"seconds":1}',
  });
  assert.equal(json.statusCode, 200, json.body);
});

test('a path segment over the router limit is a 414 problem', async (t) => {
  const app = await buildTestApp(t);
  const m = await merchant(app);
  const res = await app.call({
    method: 'GET',
    url: `/merchant/v1/payments/${'a'.repeat(500)}`,
    headers: m.headers,
  });
  assertProblem(res, 414, 'uri_too_long');
  const badEscape = await app.call({
    method: 'GET',
    url: '/merchant/v1/payments/%E0%A4%A',
    headers: m.headers,
  });
  assert.ok(badEscape.statusCode < 500);
  assert.match(String(badEscape.headers['content-type']), /^application\/problem\+json/);
});

test('headers over the size limit: a 431 problem on the socket', async (t) => {
  const app = await buildListeningApp(t);
  const res = await new Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        `${app.baseUrl}/health/live`,
        { headers: { 'x-big': 'a'.repeat(20_000) } },
        (r) => {
          let body = '';
          r.on('data', (chunk) => {
            body += chunk;
          });
          r.on('end', () => resolve({ statusCode: r.statusCode ?? 0, headers: r.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
  assertProblem(res, 431, 'headers_too_large');
});
