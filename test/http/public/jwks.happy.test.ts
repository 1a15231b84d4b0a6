// GET /.well-known/jwks.json: a bank checks paybank's request objects against these keys.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { bankWorld, MERCHANT } from '../../helpers/sandbox-bank.js';

test('the request object of an authorisation URL verifies against /.well-known/jwks.json', async (t) => {
  const w = await bankWorld(t);
  const res = await w.call({ method: 'GET', url: '/.well-known/jwks.json' });
  assert.equal(res.statusCode, 200);
  const jwks = res.json();
  assert.equal(jwks.keys.length, 1);
  assert.equal(jwks.keys[0].d, undefined, 'no private part');
  const consent = await w.bank.createPaymentConsent({
    amount: 700,
    reference: 'jwks',
    instructionId: 'jwks',
    creditor: MERCHANT,
    redirectUri: w.redirectUri,
    state: 'jwks-state',
    idempotencyKey: 'jwks',
  });
  const url = new URL(consent.authorizationUrl);
  assert.deepEqual(
    [...url.searchParams.keys()].sort(),
    ['client_id', 'redirect_uri', 'request', 'response_type', 'scope'],
    'state and nonce travel only inside the request object',
  );
  const { payload, protectedHeader } = await jwtVerify(
    url.searchParams.get('request') ?? '',
    createLocalJWKSet(jwks),
    { algorithms: ['PS256'], currentDate: w.clock.now() },
  );
  assert.equal(protectedHeader.kid, jwks.keys[0].kid);
  assert.equal(payload.aud, `${w.baseUrl}/sandbox-bank`);
  assert.equal(payload.iss, 'paybank');
  assert.equal(payload.state, 'jwks-state');
  assert.ok(typeof payload.nonce === 'string' && payload.nonce.length >= 16);
  assert.ok((payload.exp as number) - (payload.nbf as number) <= 3600);
  assert.deepEqual((payload.claims as { id_token: unknown }).id_token, {
    openbanking_intent_id: { value: consent.consentId, essential: true },
  });
});
