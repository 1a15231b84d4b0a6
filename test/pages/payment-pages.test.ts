// The hosted payment page and QR images through app.inject: what is shown, escaping, unknown links,
// headers (no caching, CSP), and the per-IP rate limit of the public group.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { merchant, paymentBody } from '../helpers/merchant.js';

async function sentPayment(
  app: Awaited<ReturnType<typeof buildTestApp>>,
  body: Record<string, unknown> = {},
) {
  const m = await merchant(app);
  const res = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments/process',
    headers: m.headers,
    payload: paymentBody(body),
  });
  assert.equal(res.statusCode, 200, res.body);
  const result = res.json().result;
  return { ...result, token: result.link.slice(result.link.indexOf('?=') + 2) as string };
}

test('the payment page shows amount, merchant, reference and the banks; values are escaped', async (t) => {
  const app = await buildTestApp(t);
  const payment = await sentPayment(app, { customerName: '<script>alert(1)</script>' });
  const res = await app.call({ method: 'GET', url: `/p?=${payment.token}` });
  assert.equal(res.statusCode, 200);
  assert.match(res.headers['content-type'] as string, /^text\/html/);
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.match(res.headers['content-security-policy'] as string, /form-action 'self'/);
  assert.match(res.body, /id="amount">£25\.50</);
  assert.match(res.body, /id="reference">INV-1001</);
  assert.match(res.body, /data-provider="ob-sandbox"/);
  assert.ok(!res.body.includes('<script>alert(1)</script>'), 'never raw');
  assert.ok(res.body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  // One same-origin script file at most (the bank search, the completion notice), never inline.
  assert.deepEqual(
    [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]),
    ['<script src="/public/v1/pages.js" defer>'],
  );

  const unknown = await app.call({ method: 'GET', url: '/p?=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
  assert.equal(unknown.statusCode, 404);
  assert.match(unknown.body, /data-status="not_found"/);
  const empty = await app.call({ method: 'GET', url: '/p' });
  assert.equal(empty.statusCode, 404);
});

test('a qr payment shows its code; the images render the link as SVG and PNG; unknown tokens are 404', async (t) => {
  const app = await buildTestApp(t);
  const payment = await sentPayment(app, { type: 'qr' });
  const page = await app.call({ method: 'GET', url: `/p?=${payment.token}` });
  assert.match(page.body, new RegExp(`<img src="/public/v1/qr/${payment.token}\\.svg"`));
  const svg = await app.call({ method: 'GET', url: `/public/v1/qr/${payment.token}.svg` });
  assert.equal(svg.statusCode, 200);
  assert.match(svg.headers['content-type'] as string, /^image\/svg\+xml/);
  assert.match(svg.body, /^<svg/);
  const png = await app.call({ method: 'GET', url: `/public/v1/qr/${payment.token}.png` });
  assert.equal(png.statusCode, 200);
  assert.equal(png.headers['content-type'], 'image/png');
  assert.deepEqual([...png.rawPayload.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  for (const url of [
    '/public/v1/qr/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.svg',
    `/public/v1/qr/${payment.token}.gif`,
  ]) {
    const res = await app.call({ method: 'GET', url });
    assert.equal(res.statusCode, 404, url);
  }
});

test('the public routes are limited per client IP', async (t) => {
  const app = await buildTestApp(t, { PUBLIC_RATE_LIMIT_PER_MINUTE: '3' });
  const codes = [];
  for (let i = 0; i < 4; i++) {
    codes.push((await app.call({ method: 'GET', url: '/p?=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode);
  }
  assert.deepEqual(codes, [404, 404, 404, 429]);
  const other = await app.call({
    method: 'GET',
    url: '/p?=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    remoteAddress: '10.1.2.3',
  });
  assert.equal(other.statusCode, 404, 'another client is not limited by the first');
});
