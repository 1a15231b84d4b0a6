// Failed authentications and unknown link tokens are counted per client address and per presented id,
// and answered 429 past the limit (issue 12 item 9: 7,040 wrong apisecrets in 3.4 s, none answered 429).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { FailedAttempts } from '../../../src/http/auth/failed-attempts.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { adminHeaders } from '../../helpers/fixtures.js';
import { merchant, paymentBody } from '../../helpers/merchant.js';
import { tokenOf } from '../../helpers/payment-flow.js';

const LIMITS = { AUTH_FAILURES_PER_MINUTE: '5', AUTH_FAILURES_PER_ID_PER_MINUTE: '8' };
let address = 0;
/** A client address not used before in this file. */
const freshAddress = () => `198.51.100.${++address}`;

const get = (app: TestApp, url: string, headers: Record<string, string>, remoteAddress: string) =>
  app.call({ method: 'GET', url, headers, remoteAddress });

test('wrong apisecrets from one address: 401 up to the limit, then 429 with Retry-After, even for the right one', async (t) => {
  const app = await buildTestApp(t, LIMITS);
  const m = await merchant(app);
  const from = freshAddress();
  const codes: number[] = [];
  for (let i = 0; i < 200; i++) {
    codes.push((await get(app, '/partner/v1/companies', { apisecret: randomUUID() }, from)).statusCode);
  }
  assert.deepEqual(codes.slice(0, 5), [401, 401, 401, 401, 401]);
  assert.equal(codes.filter((code) => code === 429).length, 195, 'every guess past the fifth is refused');
  const limited = await get(app, '/partner/v1/companies', m.partner.partnerHeaders, from);
  assert.equal(limited.statusCode, 429, 'a right guess looks the same while the address is limited');
  assert.equal(limited.json().code, 'rate_limited');
  assert.match(String(limited.headers['content-type']), /^application\/problem\+json/);
  assert.ok(Number(limited.headers['retry-after']) > 0 && Number(limited.headers['retry-after']) <= 60);
  // Another address with the right key is not held up.
  assert.equal(
    (await get(app, '/partner/v1/companies', m.partner.partnerHeaders, freshAddress())).statusCode,
    200,
  );
});

test('one presented id guessed from many addresses: 429 past the per-id limit, for each credential kind', async (t) => {
  const app = await buildTestApp(t, LIMITS);
  const m = await merchant(app);
  const other = await merchant(app, { partnerName: 'Other' });
  const cases: Array<{ url: string; wrong: Record<string, string>; right: Record<string, string> }> = [
    {
      url: '/merchant/v1/payments',
      wrong: { 'integration-id': m.integrationId, 'secret-key': randomUUID() },
      right: m.headers,
    },
    {
      url: `/terminal/v1/companies/${m.companyId}/integrations`,
      wrong: {
        'terminal-id': m.partner.terminalHeaders['terminal-id'] as string,
        'terminal-secret': randomUUID(),
      },
      right: m.partner.terminalHeaders,
    },
    { url: '/admin/v1/partners', wrong: { authorization: `Bearer ${randomUUID()}` }, right: adminHeaders },
  ];
  for (const { url, wrong, right } of cases) {
    const codes: number[] = [];
    // Two guesses per address: no address reaches its own limit.
    const addresses = Array.from({ length: 6 }, freshAddress);
    for (let n = 0; n < 12; n++)
      codes.push((await get(app, url, wrong, addresses[Math.floor(n / 2)] as string)).statusCode);
    assert.deepEqual(codes.slice(0, 8), Array(8).fill(401), url);
    assert.deepEqual(codes.slice(8), Array(4).fill(429), url);
    assert.equal((await get(app, url, right, freshAddress())).statusCode, 429, `${url}: the id is held`);
  }
  // Another integration of the same service is not held up by the guessed one.
  assert.equal((await get(app, '/merchant/v1/payments', other.headers, freshAddress())).statusCode, 200);
});

test('guessing link tokens: initiate, the customer pages and the QR codes are limited per address', async (t) => {
  const app = await buildTestApp(t, LIMITS);
  const m = await merchant(app);
  const created = await app.call({
    method: 'POST',
    url: '/merchant/v1/payments/process',
    headers: m.headers,
    payload: paymentBody(),
  });
  const token = tokenOf(created.json().result.link);
  const guesses: Array<(remoteAddress: string) => ReturnType<TestApp['call']>> = [
    (remoteAddress) => app.call({ method: 'GET', url: `/p?=${randomUUID()}`, remoteAddress }),
    (remoteAddress) => app.call({ method: 'GET', url: `/rp?=${randomUUID()}`, remoteAddress }),
    (remoteAddress) => app.call({ method: 'GET', url: `/rf?=${randomUUID()}`, remoteAddress }),
    (remoteAddress) => app.call({ method: 'GET', url: `/public/v1/qr/${randomUUID()}.svg`, remoteAddress }),
    (remoteAddress) =>
      app.call({
        method: 'POST',
        url: '/public/v1/payments/initiate',
        payload: { type: 'payment', id: randomUUID(), externalId: 'ob-sandbox' },
        remoteAddress,
      }),
  ];
  for (const [i, guess] of guesses.entries()) {
    const from = freshAddress();
    const codes: number[] = [];
    for (let n = 0; n < 7; n++) codes.push((await guess(from)).statusCode);
    assert.ok(
      codes.slice(0, 5).every((code) => code === 401 || code === 404),
      `guess ${i}: ${codes}`,
    );
    assert.deepEqual(codes.slice(5), [429, 429], `guess ${i}: ${codes}`);
    // The real link is refused too from that address, and served to any other.
    assert.equal((await get(app, `/p?=${token}`, {}, from)).statusCode, 429);
    assert.equal((await get(app, `/p?=${token}`, {}, freshAddress())).statusCode, 200);
  }
});

test('the counts last one window: a minute later the address may try again', () => {
  const attempts = new FailedAttempts(3, 10);
  const keys = ['ip:192.0.2.1', 'id:terminal:x'];
  for (let i = 0; i < 3; i++) attempts.fail(keys, 1_000);
  assert.equal(attempts.retryAfter(keys, 1_000), 60);
  assert.equal(attempts.retryAfter(keys, 31_000), 30);
  assert.equal(attempts.retryAfter(keys, 61_000), undefined);
  assert.equal(
    attempts.retryAfter(['ip:192.0.2.2', 'id:terminal:x'], 1_000),
    undefined,
    'the id is under its own limit',
  );
});
