// A bank configured with `fundsConfirmation: true` (API.md 10.1): a payer whose account cannot cover
// the payment sees a clear failure on return, nothing is submitted or moved, and the link stays usable.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BankProvider } from '../../src/providers/bank-provider.js';
import { OpenBankingProvider } from '../../src/providers/open-banking/open-banking-provider.js';
import { sandboxProviderConfig } from '../../src/providers/open-banking/provider-config.js';
import { sandboxCredentials } from '../helpers/bank-config.js';
import { buildListeningApp } from '../helpers/listening-app.js';
import { paymentBody } from '../helpers/merchant.js';
import { http, ledger, merchantWithReceiver, statusOf, tokenOf } from '../helpers/payment-flow.js';
import { CAROL_ID, paybankAgent } from '../helpers/sandbox-bank.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

test('funds confirmation refuses a payer short of funds before the payment is submitted', async (t) => {
  const app = await buildListeningApp(t);
  const agent = await paybankAgent(app.config.dataDir);
  // The sandbox bank configured as a real bank would be, with fundsConfirmation on.
  const confirming = new OpenBankingProvider(
    { ...sandboxProviderConfig(app.config.sandboxBankUrl, app.config.dataDir), fundsConfirmation: true },
    await sandboxCredentials(app.config.dataDir),
    { db: app.deps.db, clock: app.clock, secrets: app.deps.secrets, dispatcher: agent, backoffMs: 10 },
  );
  t.after(async () => {
    await confirming.close();
    await agent.close();
  });
  const registry = app.deps.banks;
  app.deps.banks = {
    ...registry,
    providers: registry.providers,
    get: (id: string): BankProvider => (id === 'ob-sandbox' ? confirming : registry.get(id)),
  };
  const receiver = await startWebhookReceiver(t);
  const m = await merchantWithReceiver(app, receiver, { servicePaymentPageRedirectEnabled: true });
  const created = await http(app, 'POST', '/merchant/v1/payments/process', {
    headers: m.headers,
    body: paymentBody({ amount: '30.00', customRedirectUrl: undefined }),
  });
  assert.equal(created.status, 200, created.text);
  const { id, link } = created.json().result;
  const before = await ledger(app);

  const initiated = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type: 'payment', id: tokenOf(link), externalId: 'ob-sandbox' },
  });
  assert.equal(initiated.status, 200, initiated.text);
  const approved = await http(app, 'POST', '/sandbox/v1/authorizations/approve', {
    body: { authorizationUrl: initiated.json().data.authorizationUrl, customerId: CAROL_ID },
  });
  assert.equal(approved.status, 200, approved.text);
  const back = await http(app, 'GET', approved.json().redirectUrl);
  assert.ok(back.status >= 400 && back.status < 500, `a clear failure page, not ${back.status}`);
  assert.match(back.text, /not have enough money for this payment/);
  assert.deepEqual(await ledger(app), before, 'no money moved');
  const submitted = await app.deps.db.selectFrom('sandbox_bank_payments').select('id').execute();
  assert.equal(submitted.length, 0, 'nothing was submitted to the bank');
  assert.notEqual(await statusOf(app, m, id), 'paid');
  const again = await http(app, 'POST', '/public/v1/payments/initiate', {
    body: { type: 'payment', id: tokenOf(link), externalId: 'ob-sandbox' },
  });
  assert.equal(again.status, 200, 'the link can be used again');
});
