import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';

test('defaults: SQLite under DATA_DIR, port 8080, MAX_AMOUNT 1000000.00', () => {
  const config = loadConfig({ DATA_DIR: '/tmp/pb' });
  assert.equal(config.port, 8080);
  assert.equal(config.databaseUrl, 'sqlite:/tmp/pb/paybank.db');
  assert.equal(config.publicUrl, 'http://localhost:8080');
  assert.equal(config.maxAmountPence, 100_000_000);
  assert.equal(config.maxBodyBytes, 1024 * 1024);
  assert.equal(config.sandbox, false);
  assert.equal(config.allowPrivateWebhooks, false);
});

test('SANDBOX=true turns private webhooks on unless told otherwise', () => {
  assert.equal(loadConfig({ SANDBOX: 'true' }).allowPrivateWebhooks, true);
  assert.equal(loadConfig({ SANDBOX: 'true', ALLOW_PRIVATE_WEBHOOKS: 'false' }).allowPrivateWebhooks, false);
});

test('the sandbox bank listens on PORT + 363 unless told; PORT=0 is fine without the sandbox', () => {
  assert.equal(loadConfig({ SANDBOX: 'true', PORT: '3000' }).sandboxBankMtlsPort, 3363);
  assert.equal(
    loadConfig({ SANDBOX: 'true', PORT: '0', SANDBOX_BANK_MTLS_PORT: '4443' }).sandboxBankMtlsPort,
    4443,
  );
  assert.equal(loadConfig({ PORT: '0' }).port, 0);
});

test('a bad variable stops the start with a message naming it', () => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'localhost:8080' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SANDBOX: 'yes' }, 'SANDBOX'],
    [{ MAX_AMOUNT: '100' }, 'MAX_AMOUNT'],
    [{ MAX_BODY_BYTES: '-5' }, 'MAX_BODY_BYTES'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN'],
    [{ ALLOW_PRIVATE_WEBHOOKS: 'maybe' }, 'ALLOW_PRIVATE_WEBHOOKS'],
    // paybank registers at its sandbox bank by address before it listens: "any free port" cannot be known.
    [{ SANDBOX: 'true', PORT: '0' }, 'SANDBOX_BANK_MTLS_PORT'],
    [{ SANDBOX: 'true', SANDBOX_BANK_MTLS_PORT: '0' }, 'SANDBOX_BANK_MTLS_PORT'],
  ];
  for (const [env, variable] of cases) {
    assert.throws(
      () => loadConfig(env),
      (err: unknown) =>
        err instanceof ConfigError && err.variable === variable && err.message.startsWith(variable),
      variable,
    );
  }
});
