import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';
import { OffsetClock } from '../../src/domain/clock.js';
import { DomainError } from '../../src/domain/errors.js';
import { authorisationReturnOf } from '../../src/providers/authorisation-return.js';
import { createBankRegistry } from '../../src/providers/bank-registry.js';
import { sandboxPki } from '../../src/providers/sandbox-bank/index.js';
import { openStore } from '../../src/store/database.js';
import { bankFiles, TEST_DATA_DIR } from '../helpers/bank-config.js';
import { testSecretBox } from '../helpers/secret-box.js';

const KEYS = await bankFiles();
const BANKS = JSON.stringify([
  {
    id: 'ob-examplebank',
    name: 'Example Bank',
    baseUrl: 'https://api.examplebank.test/ob',
    clientId: 'paybank-client',
    ...KEYS,
    standingOrders: false,
    accountInformation: true,
  },
  {
    id: 'ob-readonly',
    name: 'Read Only Bank',
    issuer: 'https://auth.readonly.test',
    authorizationUrl: 'https://auth.readonly.test/authorize',
    tokenUrl: 'https://auth.readonly.test/token',
    paymentsUrl: 'https://api.readonly.test/open-banking/v3.1/pisp',
    accountsUrl: 'https://api.readonly.test/open-banking/v3.1/aisp',
    clientId: 'c',
    ...KEYS,
    paymentInitiation: false,
    accountInformation: true,
    standingOrders: false,
  },
]);

async function registry(env: Record<string, string>) {
  const config = loadConfig({
    DATABASE_URL: 'sqlite::memory:',
    DATA_DIR: TEST_DATA_DIR,
    ...env,
  });
  const store = openStore(config.databaseUrl);
  if (config.sandbox) await sandboxPki(config.dataDir);
  const banks = await createBankRegistry(config, {
    db: store.db,
    clock: new OffsetClock(),
    secrets: testSecretBox(),
  });
  return { banks, close: async () => Promise.all([banks.close(), store.close()]) };
}

test('the enumerations of spec 2.13 come from the provider list', async (t) => {
  const { banks, close } = await registry({ SANDBOX: 'true', OPEN_BANKING_PROVIDERS: BANKS });
  t.after(close);
  const list = banks.providers;
  assert.deepEqual(list.all(), ['ob-sandbox', 'ob-examplebank', 'ob-readonly', 'other']);
  assert.deepEqual(list.withoutOther(), ['ob-sandbox', 'ob-examplebank', 'ob-readonly']);
  assert.deepEqual(list.paymentInitiation(), ['ob-sandbox', 'ob-examplebank']);
  assert.deepEqual(list.initiatePayment(), ['ob-sandbox', 'ob-examplebank', 'other']);
  assert.deepEqual(list.standingOrders(), ['ob-sandbox']);
  assert.deepEqual(list.accountInformation(), ['ob-sandbox', 'ob-examplebank', 'ob-readonly']);
  assert.equal(list.get('ob-examplebank')?.name, 'Example Bank');
  assert.equal(banks.get('ob-examplebank').info.id, 'ob-examplebank');
  assert.throws(
    () => banks.get('ob-nowhere'),
    (err: unknown) => err instanceof DomainError && err.code === 'validation_failed',
  );
  assert.throws(
    () => banks.get('other'),
    (err: unknown) => err instanceof DomainError && err.code === 'validation_failed',
  );
});

test('without SANDBOX the sandbox bank is not a provider', async (t) => {
  const { banks, close } = await registry({ SANDBOX: 'false' });
  t.after(close);
  assert.deepEqual(banks.providers.all(), ['other']);
});

test('a bank that does not offer a capability refuses it before any network call', async (t) => {
  const { banks, close } = await registry({ OPEN_BANKING_PROVIDERS: BANKS });
  t.after(close);
  await assert.rejects(
    banks.get('ob-readonly').createPaymentConsent({
      amount: 100,
      reference: 'r',
      instructionId: 'i',
      creditor: { sortCode: '000000', accountNumber: '00000000', name: 'x' },
      redirectUri: 'http://localhost:8080/public/v1/return',
      state: 's',
      idempotencyKey: 'k',
    }),
    { reason: 'rejected_request' },
  );
});

test('OPEN_BANKING_PROVIDERS is validated with a message naming the field', () => {
  const bad = (value: string) => {
    try {
      loadConfig({ OPEN_BANKING_PROVIDERS: value });
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      return err.message;
    }
    assert.fail(`accepted ${value}`);
  };
  assert.match(bad('{'), /JSON array/);
  assert.match(bad('[{"id":"bank"}]'), /\[0\]\.id must look like ob-<bank>/);
  assert.match(bad('[{"id":"ob-sandbox"}]'), /built-in sandbox/);
  const entry = (fields: object) =>
    bad(JSON.stringify([{ id: 'ob-x', name: 'X', baseUrl: 'https://x', clientId: 'c', ...KEYS, ...fields }]));
  assert.match(bad('[{"id":"ob-x","name":"X","clientId":"c"}]'), /\[0\] \(ob-x\)\.issuer/);
  assert.match(entry({ baseUrl: 'ftp://x' }), /http/);
  assert.match(entry({ clientSecret: 's' }), /\(ob-x\)\.clientSecret is not used: .*tls_client_auth/);
  assert.match(entry({ signingKeyFile: undefined }), /\(ob-x\)\.signingKeyFile/);
  assert.match(entry({ transportCertFile: undefined }), /\(ob-x\)\.transportCertFile/);
  assert.match(entry({ orgId: undefined }), /\(ob-x\)\.orgId/);
  assert.match(
    entry({ tokenEndpointAuthMethod: 'client_secret_basic' }),
    /tls_client_auth or private_key_jwt/,
  );
  assert.match(entry({ apiVersion: '4.0' }), /apiVersion/);
  assert.match(entry({ timeoutMs: -1 }), /timeoutMs/);
  const ok = loadConfig({ OPEN_BANKING_PROVIDERS: BANKS });
  assert.equal(ok.openBankingProviders[0]?.endpoints.tokenUrl, 'https://api.examplebank.test/ob/token');
  assert.equal(ok.openBankingProviders[1]?.issuer, 'https://auth.readonly.test');
  assert.equal(
    loadConfig({ PUBLIC_URL: 'https://pay.example' }).sandboxBankUrl,
    'https://pay.example/sandbox-bank',
  );
  assert.equal(loadConfig({ SANDBOX_BANK_URL: 'http://bank:8090/' }).sandboxBankUrl, 'http://bank:8090');
});

test('a key or certificate file that cannot be used stops the start, naming the bank and the field', async (t) => {
  const banks = (file: string) => JSON.stringify([{ ...JSON.parse(BANKS)[0], signingKeyFile: file }]);
  const notAKey = path.join(tmpdir(), `paybank-not-a-key-${process.pid}.pem`);
  writeFileSync(notAKey, 'hello');
  t.after(() => rmSync(notAKey, { force: true }));
  for (const [file, reason] of [
    ['/nonexistent/signing.key', /ENOENT/],
    [notAKey, /not a PKCS#8 RSA private key/],
  ] as const) {
    await assert.rejects(registry({ OPEN_BANKING_PROVIDERS: banks(file) }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /OPEN_BANKING_PROVIDERS: ob-examplebank: signingKeyFile/);
      assert.match(err.message, reason);
      return true;
    });
  }
});

test('GET /.well-known/jwks.json serves the public half of every bank signing key', async (t) => {
  const { banks, close } = await registry({ SANDBOX: 'true', OPEN_BANKING_PROVIDERS: BANKS });
  t.after(close);
  const keys = banks.jwks();
  assert.deepEqual(keys.map((k) => k.kid).includes('paybank-kid'), true, 'the configured kid');
  assert.equal(keys.length, 2, 'the sandbox key and the one shared by both banks');
  for (const key of keys) {
    assert.equal(key.alg, 'PS256');
    assert.equal(key.kty, 'RSA');
    assert.equal('d' in key, false, 'no private part');
  }
});

test('the bank answer reads as a hybrid-flow return, id_token included', () => {
  assert.deepEqual(authorisationReturnOf({ state: 's', code: 'c', id_token: 'i' }), {
    state: 's',
    outcome: 'approved',
    code: 'c',
    idToken: 'i',
  });
  assert.deepEqual(authorisationReturnOf({ state: 's', code: 'c' }), {
    state: 's',
    outcome: 'approved',
    code: 'c',
    idToken: null,
  });
  assert.deepEqual(authorisationReturnOf({ state: 's', error: 'access_denied', error_description: 'no' }), {
    state: 's',
    outcome: 'rejected',
    error: 'access_denied',
    description: 'no',
  });
  assert.equal(authorisationReturnOf({ code: 'c' }), undefined);
  assert.equal(authorisationReturnOf({ state: 's' }), undefined);
  assert.equal(authorisationReturnOf({ state: ['a', 'b'], code: 'c' }), undefined);
});

test('a discovery document that cannot be read stops the start, naming the bank and its issuer', async (t) => {
  const { createServer } = await import('node:http');
  const server = createServer((_req, res) => res.writeHead(404).end('no such document'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}/nobank`;
  const bank = { ...JSON.parse(BANKS)[1], id: 'ob-nodisco', issuer, retries: 0 };
  const { banks, close } = await registry({
    SANDBOX: 'true',
    OPEN_BANKING_PROVIDERS: JSON.stringify([bank]),
  });
  t.after(close);
  await assert.rejects(banks.discover(), (err: unknown) => {
    assert.ok(err instanceof ConfigError);
    assert.match(
      err.message,
      /ob-nodisco: issuer http:\/\/127\.0\.0\.1:\d+\/nobank: the discovery document cannot be read/,
    );
    return true;
  });
});
