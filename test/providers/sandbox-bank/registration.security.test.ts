// Dynamic client registration at the sandbox bank (API.md 10.3, OB DCR 3.3): paybank registered itself
// on start; a registration request is an application/jwt by the software's key with a software
// statement by the directory, over mTLS with the statement's certificate; every fault is refused
// with an RFC 7591 error body and registers nothing.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { SignJWT } from 'jose';
import { Agent } from 'undici';
import { sandboxProviderConfig } from '../../../src/providers/open-banking/provider-config.js';
import { registrationRequestOf } from '../../../src/providers/open-banking/registration.js';
import { signingKeyOf } from '../../../src/providers/open-banking/signing-key.js';
import { issueClientCertificate, sandboxPki } from '../../../src/providers/sandbox-bank/pki.js';
import { sandboxSoftwareStatement } from '../../../src/providers/sandbox-bank/software-statement.js';
import { bankCall, bankWorld } from '../../helpers/sandbox-bank.js';

test('paybank is registered on start; bad registration requests are refused with DCR errors', async (t) => {
  const w = await bankWorld(t);
  const clients = await w.deps.db.selectFrom('sandbox_bank_clients').selectAll().execute();
  assert.equal(clients.length, 1, 'paybank registered itself on start');
  assert.equal(clients[0]?.client_id, 'paybank');
  assert.deepEqual(JSON.parse(clients[0]?.redirect_uris ?? '[]'), [
    `${w.config.publicUrl}/public/v1/return`,
    `${w.config.publicUrl}/public/v1/bank-accounts/return`,
  ]);

  const pki = await sandboxPki(w.config.dataDir);
  const signing = await signingKeyOf(pki.paybankSigningKey);
  const config = sandboxProviderConfig(`${w.config.publicUrl}/sandbox-bank`, w.config.dataDir);
  const redirectUris = [`${w.config.publicUrl}/public/v1/return`];
  const now = w.clock.now();
  const statement = await sandboxSoftwareStatement(w.config.dataDir, redirectUris, now);
  const request = (fields: Partial<Parameters<typeof registrationRequestOf>[0]> = {}) =>
    registrationRequestOf({ config, signing, softwareStatement: statement, redirectUris, now, ...fields });
  const register = (body: string, options: { dispatcher?: Agent; type?: string } = {}) =>
    bankCall(w, {
      method: 'POST',
      path: '/register',
      body,
      headers: { 'content-type': options.type ?? 'application/jwt' },
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });

  const good = await register(await request());
  assert.equal(good.status, 201, good.text);
  assert.equal(good.json().client_id, 'paybank');
  assert.equal(good.json().token_endpoint_auth_method, 'tls_client_auth');

  // Claims re-signed by paybank's key with one field changed or left out.
  const base = (await import('jose')).decodeJwt(await request());
  const resign = (claims: Record<string, unknown>, alg = 'PS256', key: unknown = signing.key) =>
    new SignJWT(claims).setProtectedHeader({ alg, kid: signing.kid }).sign(key as never);
  const without = (name: string) => {
    const { [name]: _dropped, ...rest } = base;
    return resign(rest);
  };
  const { privateKey: strangerKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forgedStatement = await new SignJWT({
    org_id: 'paybank-sandbox',
    software_id: 'paybank',
    software_redirect_uris: redirectUris,
    software_jwks: { keys: [signing.publicJwk] },
  })
    .setProtectedHeader({ alg: 'PS256', kid: 'directory' })
    .setIssuedAt()
    .sign(strangerKey);
  const stranger = await issueClientCertificate(pki, 'CN=mallory, OU=mallory-org');
  const wrongCert = new Agent({ connect: { ca: pki.caCert, ...stranger } });
  const noCert = new Agent({ connect: { ca: pki.caCert } });
  t.after(() => Promise.all([wrongCert.close(), noCert.close()]));

  const cases: Array<[string, () => Promise<{ status: number; json(): { error: string } }>, number, string]> =
    [
      [
        'no client certificate',
        async () => register(await request(), { dispatcher: noCert }),
        401,
        'invalid_client',
      ],
      [
        'another certificate of the CA',
        async () => register(await request(), { dispatcher: wrongCert }),
        400,
        'unapproved_software_statement',
      ],
      [
        'a statement not signed by the directory',
        async () => register(await request({ softwareStatement: forgedStatement })),
        400,
        'invalid_software_statement',
      ],
      [
        'no software statement',
        async () => register(await without('software_statement')),
        400,
        'invalid_software_statement',
      ],
      [
        'HS256',
        async () =>
          register(
            await new SignJWT(base).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32).fill(7)),
          ),
        400,
        'invalid_client_metadata',
      ],
      [
        'a request by another key',
        async () => register(await resign(base, 'PS256', strangerKey)),
        400,
        'invalid_client_metadata',
      ],
      ['no redirect_uris', async () => register(await without('redirect_uris')), 400, 'invalid_redirect_uri'],
      [
        'a redirect URI the statement does not hold',
        async () => register(await resign({ ...base, redirect_uris: ['https://evil.example/cb'] })),
        400,
        'invalid_redirect_uri',
      ],
      [
        'no token_endpoint_auth_method',
        async () => register(await without('token_endpoint_auth_method')),
        400,
        'invalid_client_metadata',
      ],
      [
        'client_secret_basic',
        async () => register(await resign({ ...base, token_endpoint_auth_method: 'client_secret_basic' })),
        400,
        'invalid_client_metadata',
      ],
      [
        'RS256 request objects',
        async () => register(await resign({ ...base, request_object_signing_alg: 'RS256' })),
        400,
        'invalid_client_metadata',
      ],
      [
        'no id_token_signed_response_alg',
        async () => register(await without('id_token_signed_response_alg')),
        400,
        'invalid_client_metadata',
      ],
      [
        'a JSON body',
        async () => register(JSON.stringify(base), { type: 'application/json' }),
        400,
        'invalid_client_metadata',
      ],
    ];
  for (const [what, send, status, error] of cases) {
    const res = await send();
    assert.equal(res.status, status, what);
    assert.equal(res.json().error, error, what);
  }
  assert.equal((await w.deps.db.selectFrom('sandbox_bank_clients').selectAll().execute()).length, 1);
});
