import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../helpers/app.js';
import { bankWorld } from '../../helpers/sandbox-bank.js';

test('controls answer problem+json for bad input', async (t) => {
  const app = await buildTestApp(t);
  const cases = [
    { url: '/sandbox/v1/customers', payload: {}, status: 400 },
    { url: '/sandbox/v1/customers', payload: { name: 'X', accounts: [{ sortCode: '12' }] }, status: 400 },
    { url: '/sandbox/v1/customers', payload: { name: 'X', accounts: [{ balance: '-1.00' }] }, status: 400 },
    { url: '/sandbox/v1/authorizations/approve', payload: {}, status: 400 },
    { url: '/sandbox/v1/authorizations/approve', payload: { authorizationUrl: 'not a url' }, status: 400 },
    {
      url: '/sandbox/v1/authorizations/reject',
      payload: { authorizationUrl: 'http://localhost:8080/sandbox-bank/authorize' },
      status: 400,
    },
    { url: '/sandbox/v1/consents/ffffffffffffffffffffffff/expire', payload: undefined, status: 404 },
    { url: '/sandbox/v1/consents/nope/expire', payload: undefined, status: 404 },
  ];
  for (const c of cases) {
    const res = await app.call({ method: 'POST', url: c.url, ...(c.payload ? { payload: c.payload } : {}) });
    assert.equal(res.statusCode, c.status, `${c.url} ${JSON.stringify(c.payload)}: ${res.body}`);
    assert.match(String(res.headers['content-type']), /application\/problem\+json/);
  }
});

test('approving for an unknown customer is a 404, and a decided consent is a 409', async (t) => {
  const w = await bankWorld(t);
  const consent = await w.bank.createAccountAccessConsent({
    expiresAt: new Date(w.clock.now().getTime() + 86_400_000).toISOString(),
    redirectUri: w.redirectUri,
    state: 's',
  });
  const unknown = await w.call({
    method: 'POST',
    url: '/sandbox/v1/authorizations/approve',
    payload: { authorizationUrl: consent.authorizationUrl, customerId: 'ffffffffffffffffffffffff' },
  });
  assert.equal(unknown.statusCode, 404);
  await w.reject(consent.authorizationUrl);
  const twice = await w.call({
    method: 'POST',
    url: '/sandbox/v1/authorizations/reject',
    payload: { authorizationUrl: consent.authorizationUrl },
  });
  assert.equal(twice.statusCode, 409);
  const expire = await w.call({ method: 'POST', url: `/sandbox/v1/consents/${consent.consentId}/expire` });
  assert.equal(expire.statusCode, 409);
});
