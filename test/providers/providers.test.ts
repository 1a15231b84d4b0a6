import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';
import { OffsetClock } from '../../src/domain/clock.js';
import { DomainError } from '../../src/domain/errors.js';
import { authorisationReturnOf } from '../../src/providers/authorisation-return.js';
import { createBankRegistry } from '../../src/providers/bank-registry.js';
import { openStore } from '../../src/store/database.js';

const BANKS = JSON.stringify([
  {
    id: 'ob-examplebank',
    name: 'Example Bank',
    baseUrl: 'https://api.examplebank.test/ob',
    clientId: 'paybank-client',
    clientSecret: 's3cret',
    standingOrders: false,
  },
  {
    id: 'ob-readonly',
    name: 'Read Only Bank',
    authorizationUrl: 'https://auth.readonly.test/authorize',
    tokenUrl: 'https://auth.readonly.test/token',
    paymentsUrl: 'https://api.readonly.test/open-banking/v3.1/pisp',
    accountsUrl: 'https://api.readonly.test/open-banking/v3.1/aisp',
    clientId: 'c',
    clientSecret: 's',
    paymentInitiation: false,
    standingOrders: false,
  },
]);

function registry(env: Record<string, string>) {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', ...env });
  const store = openStore(config.databaseUrl);
  const banks = createBankRegistry(config, { db: store.db, clock: new OffsetClock() });
  return { banks, close: async () => Promise.all([banks.close(), store.close()]) };
}

test('the enumerations of spec 2.13 come from the provider list', async (t) => {
  const { banks, close } = registry({ SANDBOX: 'true', OPEN_BANKING_PROVIDERS: BANKS });
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
  const { banks, close } = registry({ SANDBOX: 'false' });
  t.after(close);
  assert.deepEqual(banks.providers.all(), ['other']);
});

test('a bank that does not offer a capability refuses it before any network call', async (t) => {
  const { banks, close } = registry({ OPEN_BANKING_PROVIDERS: BANKS });
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
  assert.match(
    bad('[{"id":"ob-x","name":"X","clientId":"c","clientSecret":"s"}]'),
    /\[0\]\.authorizationUrl/,
  );
  assert.match(
    bad('[{"id":"ob-x","name":"X","baseUrl":"ftp://x","clientId":"c","clientSecret":"s"}]'),
    /http/,
  );
  assert.match(
    bad('[{"id":"ob-x","name":"X","baseUrl":"https://x","clientId":"c","clientSecret":"s","timeoutMs":-1}]'),
    /timeoutMs/,
  );
  const ok = loadConfig({ OPEN_BANKING_PROVIDERS: BANKS });
  assert.equal(ok.openBankingProviders[0]?.tokenUrl, 'https://api.examplebank.test/ob/token');
  assert.equal(ok.openBankingProviders[1]?.issuer, 'https://auth.readonly.test');
  assert.equal(
    loadConfig({ PUBLIC_URL: 'https://pay.example' }).sandboxBankUrl,
    'https://pay.example/sandbox-bank',
  );
  assert.equal(loadConfig({ SANDBOX_BANK_URL: 'http://bank:8090/' }).sandboxBankUrl, 'http://bank:8090');
});

test('the bank redirect reads as an OAuth2 authorization-code return', () => {
  assert.deepEqual(authorisationReturnOf({ state: 's', code: 'c' }), {
    state: 's',
    outcome: 'approved',
    code: 'c',
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
