// The sandbox bank alone on its own port, reached by the adapter as a paybank elsewhere would reach it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agent } from 'undici';
import { OffsetClock } from '../../../src/domain/clock.js';
import { loadCredentials } from '../../../src/providers/open-banking/credentials.js';
import { OpenBankingProvider } from '../../../src/providers/open-banking/open-banking-provider.js';
import { sandboxProviderConfig } from '../../../src/providers/open-banking/provider-config.js';
import { buildStandaloneBank, standaloneOptions } from '../../../src/providers/sandbox-bank/standalone.js';
import { openStore } from '../../../src/store/database.js';
import { migrateToLatest } from '../../../src/store/migrate.js';
import { TEST_DATA_DIR } from '../../helpers/data-dir.js';
import { freePort } from '../../helpers/listening-app.js';
import { answerOf, MERCHANT } from '../../helpers/sandbox-bank.js';
import { testSecretBox } from '../../helpers/secret-box.js';
import { validatingDispatcher } from '../../helpers/validating-dispatcher.js';

test('npm run sandbox-bank serves the same bank on its own port', async (t) => {
  const port = await freePort();
  let mtlsPort = await freePort();
  while (mtlsPort === port) mtlsPort = await freePort();
  const options = standaloneOptions({
    SANDBOX_BANK_PORT: String(port),
    SANDBOX_BANK_PUBLIC_URL: `http://127.0.0.1:${port}`,
    SANDBOX_BANK_REDIRECT_URIS: 'http://127.0.0.1:9999/return',
    SANDBOX_BANK_MTLS_PORT: String(mtlsPort),
    DATABASE_URL: 'sqlite::memory:',
    DATA_DIR: TEST_DATA_DIR,
    LOG_LEVEL: 'silent',
  });
  const bank = await buildStandaloneBank(options);
  t.after(() => bank.close());
  await bank.listen();

  const store = openStore('sqlite::memory:');
  await migrateToLatest(store.db);
  t.after(() => store.close());
  const config = sandboxProviderConfig(`http://127.0.0.1:${port}`, options.dataDir);
  const credentials = await loadCredentials(config);
  const provider = new OpenBankingProvider(config, credentials, {
    db: store.db,
    clock: new OffsetClock(),
    secrets: testSecretBox(),
    dispatcher: validatingDispatcher(t, new Agent({ connect: credentials.tls })),
  });
  t.after(() => provider.close());

  const redirectUri = 'http://127.0.0.1:9999/return';
  const consent = await provider.createPaymentConsent({
    amount: 250,
    reference: 'ALONE',
    instructionId: 'alone-1',
    creditor: MERCHANT,
    redirectUri,
    state: 'alone',
    idempotencyKey: 'alone',
  });
  assert.ok(consent.authorizationUrl.startsWith(`http://127.0.0.1:${port}/authorize?`));
  const page = await fetch(consent.authorizationUrl);
  assert.equal(page.status, 200);
  assert.match(
    page.headers.get('content-security-policy') ?? '',
    /form-action 'self' https: http:/,
    'the form leads to the client',
  );
  const form = new URLSearchParams(new URL(consent.authorizationUrl).searchParams);
  form.set('decision', 'approve');
  const decided = await fetch(`http://127.0.0.1:${port}/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  assert.equal(decided.status, 303);
  const back = new URL(decided.headers.get('location') ?? '');
  assert.equal(back.search, '', 'the hybrid flow answers in the fragment');
  await provider.completeAuthorisation({
    consentId: consent.consentId,
    redirectUri,
    ...answerOf(back, 'alone'),
  });
  const payment = await provider.submitPayment({ consentId: consent.consentId, idempotencyKey: 'alone-pay' });
  assert.equal((await provider.getPayment(payment.paymentId)).status, 'completed');
  assert.equal(payment.debtor?.name, 'Alice Smith');
});

test('the standalone bank refuses bad settings with the variable named', () => {
  assert.throws(() => standaloneOptions({ SANDBOX_BANK_PORT: 'x' }), /SANDBOX_BANK_PORT/);
  assert.throws(() => standaloneOptions({ SANDBOX_SETTLEMENT: 'later' }), /SANDBOX_SETTLEMENT/);
  assert.throws(
    () => standaloneOptions({ SANDBOX_BANK_REDIRECT_URIS: 'not a url' }),
    /SANDBOX_BANK_REDIRECT_URIS/,
  );
});
