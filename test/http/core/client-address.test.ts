// The client address every per-address limit keys on: X-Forwarded-For counts only from the proxies
// TRUST_PROXY names (issue 12 item 8: rotating the header escaped every limit).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

const page = (app: TestApp, forwardedFor: string, remoteAddress = '127.0.0.1') =>
  app.call({
    method: 'GET',
    url: '/p?=unknown-token',
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });

test('by default X-Forwarded-For is ignored: a new one on each request does not escape the limit', async (t) => {
  const app = await buildTestApp(t, { PUBLIC_RATE_LIMIT_PER_MINUTE: '5' });
  const codes: number[] = [];
  for (let i = 0; i < 8; i++) codes.push((await page(app, `203.0.113.${i + 1}`)).statusCode);
  assert.deepEqual(
    codes.map((code) => code === 429),
    [false, false, false, false, false, true, true, true],
  );
});

test('TRUST_PROXY naming the proxy: the client address comes from X-Forwarded-For', async (t) => {
  const app = await buildTestApp(t, { PUBLIC_RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '127.0.0.1' });
  for (let i = 0; i < 8; i++) assert.notEqual((await page(app, `203.0.113.${i + 1}`)).statusCode, 429);
  for (let i = 0; i < 5; i++) await page(app, '198.51.100.7');
  assert.equal((await page(app, '198.51.100.7')).statusCode, 429);
  // A connection from an address that is not the named proxy is keyed on that address, whatever it forwards.
  const other = [];
  for (let i = 0; i < 6; i++) other.push((await page(app, `203.0.113.${50 + i}`, '192.0.2.9')).statusCode);
  assert.equal(other.at(-1), 429, String(other));
});

test('TRUST_PROXY as a hop count believes that many proxies, no more', async (t) => {
  const app = await buildTestApp(t, { PUBLIC_RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '1' });
  // With one hop trusted the client is the last address the proxy appended; what the client wrote before it is ignored.
  const codes: number[] = [];
  for (let i = 0; i < 6; i++) codes.push((await page(app, `10.9.9.${i}, 198.51.100.8`)).statusCode);
  assert.equal(codes.at(-1), 429);
  assert.notEqual((await page(app, '198.51.100.9')).statusCode, 429);
});

test('TRUST_PROXY: false, a hop count, or addresses and CIDR ranges; anything else stops the start', () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
  assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,::1,loopback' }).trustProxy, [
    '10.0.0.5',
    '172.16.0.0/12',
    '::1',
    'loopback',
  ]);
  for (const bad of ['true', 'proxy.example', '10.0.0.0/33', '1.2.3', '-1']) {
    assert.throws(
      () => loadConfig({ TRUST_PROXY: bad }),
      (err: unknown) => err instanceof ConfigError && err.variable === 'TRUST_PROXY',
      bad,
    );
  }
});
