// The sandbox bank's mutual-TLS port (API.md 10.3): no call without a client certificate from its CA,
// no client secret, and a token only works with the certificate it was issued to.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { test } from 'node:test';
import { SignJWT } from 'jose';
import { Agent } from 'undici';
import { signingKeyOf } from '../../../src/providers/open-banking/signing-key.js';
import { issueClientCertificate, sandboxPki } from '../../../src/providers/sandbox-bank/pki.js';
import { bankCall, bankWorld, clientToken } from '../../helpers/sandbox-bank.js';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'payments', ...fields }).toString(),
});

test('no call reaches the token endpoint or the API without a client certificate from the bank CA', async (t) => {
  const w = await bankWorld(t);
  const pki = await sandboxPki(w.config.dataDir);
  const token = await clientToken(w);
  const other = await sandboxPki(`${w.config.dataDir}-other-ca`);
  t.after(() => rmSync(`${w.config.dataDir}-other-ca`, { recursive: true, force: true }));
  const clients = {
    'no certificate': new Agent({ connect: { ca: pki.caCert } }),
    'a certificate from another CA': new Agent({
      connect: { ca: pki.caCert, cert: other.transportCert, key: other.transportKey },
    }),
  };
  for (const [what, dispatcher] of Object.entries(clients)) {
    t.after(() => dispatcher.close());
    const tokenRes = await bankCall(w, {
      method: 'POST',
      path: '/token',
      dispatcher,
      ...form({ client_id: 'paybank' }),
    });
    assert.equal(tokenRes.status, 401, what);
    assert.equal(tokenRes.json().error, 'invalid_client', what);
    assert.match(tokenRes.json().error_description, /client certificate/, what);
    const api = await bankCall(w, {
      method: 'GET',
      path: '/open-banking/v3.1/pisp/domestic-payment-consents/nope',
      token,
      dispatcher,
    });
    assert.equal(api.status, 401, what);
  }
});

test('a token presented with another certificate of the same CA is refused', async (t) => {
  const w = await bankWorld(t);
  const pki = await sandboxPki(w.config.dataDir);
  const token = await clientToken(w);
  const stranger = await issueClientCertificate(pki, 'CN=mallory, OU=mallory-org');
  const dispatcher = new Agent({ connect: { ca: pki.caCert, ...stranger } });
  t.after(() => dispatcher.close());
  const stolen = await bankCall(w, {
    method: 'GET',
    path: '/open-banking/v3.1/pisp/domestic-payment-consents/nope',
    token,
    dispatcher,
  });
  assert.equal(stolen.status, 401, 'the token is bound to paybank’s certificate');
  const own = await bankCall(w, {
    method: 'GET',
    path: '/open-banking/v3.1/pisp/domestic-payment-consents/nope',
    token,
  });
  assert.equal(own.status, 400, 'with its own certificate it gets as far as the resource');
  const impostor = await bankCall(w, {
    method: 'POST',
    path: '/token',
    dispatcher,
    ...form({ client_id: 'paybank' }),
  });
  assert.equal(impostor.status, 401);
  assert.match(impostor.json().error_description, /not the one registered/);
});

test('private_key_jwt: an assertion signed with the client key gets a token, any other is refused', async (t) => {
  const w = await bankWorld(t);
  const pki = await sandboxPki(w.config.dataDir);
  const signing = await signingKeyOf(pki.paybankSigningKey);
  const now = Math.floor(w.clock.now().getTime() / 1000);
  const assertion = (claims: { aud?: string; exp?: number }) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'PS256', kid: signing.kid })
      .setIssuer('paybank')
      .setSubject('paybank')
      .setAudience(claims.aud ?? `${w.bankApiUrl}/token`)
      .setIssuedAt(now)
      .setExpirationTime(claims.exp ?? now + 300)
      .setJti(randomUUID())
      .sign(signing.key);
  const type = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
  const good = await bankCall(w, {
    method: 'POST',
    path: '/token',
    ...form({ client_id: 'paybank', client_assertion_type: type, client_assertion: await assertion({}) }),
  });
  assert.equal(good.status, 200, good.text);
  for (const [what, bad] of [
    ['another audience', await assertion({ aud: 'https://elsewhere.example/token' })],
    ['expired', await assertion({ exp: now - 60 })],
    ['not a JWT', 'x.y.z'],
  ] as const) {
    const res = await bankCall(w, {
      method: 'POST',
      path: '/token',
      ...form({ client_id: 'paybank', client_assertion_type: type, client_assertion: bad }),
    });
    assert.equal(res.status, 401, what);
    assert.equal(res.json().error, 'invalid_client', what);
  }
});

test('the discovery document names the token endpoint on the mutual-TLS port and no client secret', async (t) => {
  const w = await bankWorld(t);
  const res = await w.call({ method: 'GET', url: '/sandbox-bank/.well-known/openid-configuration' });
  assert.equal(res.statusCode, 200);
  const doc = res.json();
  assert.equal(doc.issuer, `${w.baseUrl}/sandbox-bank`);
  assert.equal(doc.token_endpoint, `${w.bankApiUrl}/token`);
  assert.equal(doc.authorization_endpoint, `${w.baseUrl}/sandbox-bank/authorize`);
  assert.deepEqual(doc.token_endpoint_auth_methods_supported, ['tls_client_auth', 'private_key_jwt']);
  assert.equal(doc.tls_client_certificate_bound_access_tokens, true);
  const plain = await w.call({ method: 'POST', url: '/sandbox-bank/token', payload: {} });
  assert.equal(plain.statusCode, 404, 'no token endpoint on the service origin');
});
